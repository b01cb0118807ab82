import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MSG } from '@lbs/domain/messages';
import { RouterNavigation } from '../../../lib/router-navigation';
import { freshStore } from '../../../test/fresh-store';
import { userSlice } from '../../session/user-slice';
import { VerifyEmailPage } from './verify-email-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The verification link's screen, the server answering `status` with `detail`. */
function openLink(status: number, detail: string) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ detail }), { status, headers: { 'content-type': 'application/json' } }));
  render(
    <Provider store={freshStore({ slices: [userSlice] })}>
      <MemoryRouter initialEntries={['/verify-email/a-token']}>
        <RouterNavigation>
          <Routes>
            <Route path="/verify-email/:token" element={<VerifyEmailPage />} />
          </Routes>
        </RouterNavigation>
      </MemoryRouter>
    </Provider>,
  );
}

describe('VerifyEmailPage', () => {
  it('says the address is already verified when the link is opened again (409), not that it failed', async () => {
    openLink(409, MSG.emailAlreadyVerified);
    expect(await screen.findByRole('heading', { name: MSG.emailAlreadyVerifiedTitle })).toBeTruthy();
    expect(screen.getByText(MSG.emailAlreadyVerified)).toBeTruthy();
    expect(screen.queryByText(MSG.verificationFailed)).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('still says Verification Failed, in the spec’s words, for a link that is no good', async () => {
    openLink(400, MSG.linkExpiredOrInvalid);
    expect(await screen.findByRole('heading', { name: MSG.verificationFailed })).toBeTruthy();
    expect(screen.getByText(MSG.emailVerifyFailed)).toBeTruthy();
    expect(screen.getByText(MSG.linkExpiredOrInvalid)).toBeTruthy();
  });
});
