import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import {
  OFFLINE_REQUEST_PROBLEMS,
  type TOfflineActivationAnswer,
} from '@lbs/domain/offline-activation';
import type { TUser } from '@lbs/domain/responses';
import { api } from '../../../lib/api';
import { useBoothsQuery } from '../../booths/api';
import { userSlice } from '../../session/user-slice';
import { ActivateOfflinePage } from './activate-offline-page';

// The QR reader (zxing's wasm) is not what these tests are about: a photo reads as the test says.
const qr = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('../read-qr-code', () => ({
  readQrCodesInFile: async () => qr.texts,
  preloadQrReader: () => undefined,
}));

const b64url = (text: string) => Buffer.from(text).toString('base64url');
const now = Math.floor(Date.now() / 1000);
const requestMadeAt = (iat: number) =>
  `lboa1-req.${b64url(
    JSON.stringify({
      v: 1,
      kf: b64url('k'.repeat(32)),
      dev: 'booth-42',
      dn: 'Booth 42, Marina',
      n: b64url('n'.repeat(16)),
      iat,
      exp: iat + 86400,
    }),
  )}`;
const REQUEST = requestMadeAt(now);
/** Made two days ago: its 24 hours, and the hour allowed for the booth's clock, are over. */
const EXPIRED_REQUEST = requestMadeAt(now - 2 * 86400);
const ANSWER: TOfflineActivationAnswer = {
  answer: 'lboa1-ans.eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiIxIn0.c2ln',
  license: {
    id: 'lic-1',
    type: 'month',
    key_suffix: 'Z9Y8X',
    starts_at: '2026-11-01T00:00:00.000Z',
    expires_at: '2026-12-01T00:00:00.000Z',
  },
  device_id: 'booth-42',
  device_name: 'Booth 42, Marina',
  lease_expires_at: '2026-11-30T10:00:00.000Z',
  request_expires_at: '2026-11-27T10:00:00.000Z',
};

let posts: Array<{ path: string; body: unknown }>;
let gets: string[];
let reply: () => Response;

beforeEach(() => {
  posts = [];
  gets = [];
  qr.texts = [];
  reply = () => Response.json(ANSWER);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (init?.method === 'POST') posts.push({ path, body: JSON.parse(String(init.body)) });
      else {
        gets.push(path);
        if (path.endsWith('/booths')) return Response.json({ items: [], total: 0, page: 1, page_size: 20 });
      }
      return reply();
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(role: string) {
  const user = { id: 1, email: 'op@booth.example', role } as unknown as TUser;
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, user: userSlice.reducer },
    preloadedState: { user: { ...userSlice.getInitialState(), user, loading: false } },
    middleware: (defaults) => defaults().concat(api.middleware),
  });
  render(
    <Provider store={store}>
      <ActivateOfflinePage />
    </Provider>,
  );
  return store;
}

const paste = (text: string) => {
  fireEvent.change(screen.getByLabelText(/^Request text/), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Read the text' }));
};

describe('Activate a booth offline', () => {
  it('reads a pasted request (wrapped over lines), shows the booth, and posts the text to the owner’s route', async () => {
    renderPage('user');
    paste(REQUEST.replace(/(.{40})/g, '$1\n'));
    await screen.findByRole('heading', { name: '2. Check and activate' });
    expect(screen.getByText('Booth 42, Marina')).toBeTruthy();
    expect(screen.getByText('booth-42')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));

    const heading = await screen.findByRole('heading', { name: '3. Show the booth the answer' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(posts).toEqual([
      {
        path: '/api/licenses/offline-activations',
        body: { request: REQUEST.replace(/(.{40})/g, '$1\n') },
      },
    ]);
    expect((screen.getByLabelText('Answer text') as HTMLTextAreaElement).value).toBe(ANSWER.answer);
    expect(screen.getByText('…Z9Y8X')).toBeTruthy();
    expect(screen.getByText('Monthly')).toBeTruthy();
    const qr = await screen.findByRole('img', {
      name: 'QR code of the activation answer for Booth 42, Marina (booth-42)',
    });
    expect(decodeURIComponent(qr.getAttribute('src')!)).toMatch(
      /^data:image\/svg\+xml;charset=utf-8,<svg/,
    );
  });

  it('an admin posts to the admin route', async () => {
    renderPage('admin');
    paste(REQUEST);
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    await screen.findByRole('heading', { name: '3. Show the booth the answer' });
    expect(posts.map((p) => p.path)).toEqual(['/api/admin/licenses/offline-activations']);
  });

  it('shows the server’s refusal verbatim in an alert, and no answer', async () => {
    const detail =
      'This key is activated on another booth. Free it first: reset its device on the Overview.';
    reply = () => Response.json({ detail }, { status: 409 });
    renderPage('user');
    paste(REQUEST);
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    expect((await screen.findByRole('alert')).textContent).toBe(detail);
    expect(screen.queryByRole('heading', { name: '3. Show the booth the answer' })).toBeNull();
  });

  it('refuses text that is not a request, or a damaged one, without calling the server', async () => {
    renderPage('user');
    paste('hello');
    expect((await screen.findByRole('alert')).textContent).toBe(
      OFFLINE_REQUEST_PROBLEMS.notARequest,
    );
    paste(`${REQUEST.slice(0, -6)}`);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(OFFLINE_REQUEST_PROBLEMS.damaged),
    );
    expect(screen.queryByRole('heading', { name: '2. Check and activate' })).toBeNull();
    expect(posts).toEqual([]);
  });

  it('says an expired request has expired, and offers no Activate', async () => {
    renderPage('user');
    paste(EXPIRED_REQUEST);
    await screen.findByRole('heading', { name: '2. Check and activate' });
    expect(screen.getByText('Booth 42, Marina')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(OFFLINE_REQUEST_PROBLEMS.expired);
    expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Read another request' })).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('takes the Activate away when the server says the request has expired (the phone’s clock was behind)', async () => {
    reply = () => Response.json({ detail: OFFLINE_REQUEST_PROBLEMS.expired }, { status: 400 });
    renderPage('user');
    paste(REQUEST);
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_REQUEST_PROBLEMS.expired);
    expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
  });

  it('says a pasted answer is the answer, to show the booth, not that it is no LentiBooth request', async () => {
    renderPage('user');
    paste(ANSWER.answer);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(OFFLINE_REQUEST_PROBLEMS.isAnswer);
    expect(alert.textContent).toMatch(/^This is the answer: show it to the booth/);
    expect(screen.queryByRole('heading', { name: '2. Check and activate' })).toBeNull();
    expect(posts).toEqual([]);
  });

  it('says the same of a photo of the answer’s QR code', async () => {
    qr.texts = [ANSWER.answer];
    renderPage('user');
    const photo = screen.getByLabelText(/photo or screenshot of the QR code/);
    fireEvent.change(photo, { target: { files: [new File(['x'], 'answer.png', { type: 'image/png' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_REQUEST_PROBLEMS.isAnswer);
  });

  it('lists the booths afresh after an activation: the activated booth joins the fleet', async () => {
    const store = renderPage('user');
    // The Booths page's list, as the store holds it while that page is open elsewhere in the app.
    const fleet = renderHook(() => useBoothsQuery({ page: 1 }), {
      wrapper: ({ children }) => <Provider store={store}>{children}</Provider>,
    });
    await waitFor(() => expect(fleet.result.current.isSuccess).toBe(true));
    const listed = gets.filter((p) => p === '/api/booths').length;
    paste(REQUEST);
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    await screen.findByRole('heading', { name: '3. Show the booth the answer' });
    await waitFor(() => expect(gets.filter((p) => p === '/api/booths').length).toBe(listed + 1));
  });

  it('says a photo’s problem in its own alert, on the photo input: the paste box is neither described by it nor invalid', async () => {
    renderPage('user');
    const photo = screen.getByLabelText(/photo or screenshot of the QR code/);
    fireEvent.change(photo, { target: { files: [new File(['x'], 'booth.jpg', { type: 'image/jpeg' })] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^No QR code was found in this image/);
    expect(describedText(photo)).toContain(alert.textContent);
    const box = screen.getByLabelText(/^Request text/);
    expect(describedText(box)).toBe('');
    expect(box.getAttribute('aria-invalid')).toBeNull();
  });

  it('marks the paste box invalid and describes it with the paste’s problem, and only that', async () => {
    renderPage('user');
    const box = screen.getByLabelText(/^Request text/);
    paste('hello');
    await screen.findByRole('alert');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(box)).toBe(OFFLINE_REQUEST_PROBLEMS.notARequest);
    // The text, read at last, takes the page on; nothing is left invalid behind it.
    paste(REQUEST);
    await screen.findByRole('heading', { name: '2. Check and activate' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

/** What a screen reader reads as the element's description: the texts its aria-describedby names. */
function describedText(el: HTMLElement): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}
