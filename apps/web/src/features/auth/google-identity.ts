interface TokenResponse {
  access_token?: string;
  error?: string;
}
interface TokenClient {
  requestAccessToken(): void;
}
interface GoogleAccounts {
  oauth2: {
    initTokenClient(opts: {
      client_id: string;
      scope: string;
      callback: (r: TokenResponse) => void;
      error_callback?: (e: { type: string }) => void;
    }): TokenClient;
  };
}
declare global {
  interface Window {
    google?: { accounts: GoogleAccounts };
  }
}

let script: Promise<GoogleAccounts> | undefined;

/** Google Identity Services, loaded on the first click only (never on page load). */
function loadGoogle(): Promise<GoogleAccounts> {
  script ??= new Promise<GoogleAccounts>((resolve, reject) => {
    if (window.google?.accounts) return resolve(window.google.accounts);
    const s = document.createElement('script');
    s.src = 'https://accounts.google.com/gsi/client';
    s.async = true;
    s.onload = () => (window.google?.accounts ? resolve(window.google.accounts) : reject(new Error('Google did not load')));
    s.onerror = () => {
      script = undefined;
      reject(new Error('Google did not load'));
    };
    document.head.appendChild(s);
  });
  return script;
}

/**
 * Opens Google's sign-in popup and answers its OAuth access token, which the server checks with
 * Google (audience = our client id) before trusting the account behind it.
 */
export async function requestGoogleAccessToken(clientId: string): Promise<string> {
  const accounts = await loadGoogle();
  return new Promise<string>((resolve, reject) => {
    const client = accounts.oauth2.initTokenClient({
      client_id: clientId,
      scope: 'openid email profile',
      callback: (r) => (r.access_token ? resolve(r.access_token) : reject(new Error(r.error ?? 'no token'))),
      error_callback: (e) => reject(new Error(e.type)),
    });
    client.requestAccessToken();
  });
}
