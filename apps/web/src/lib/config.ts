/** The API base URL: `/api` on the same host unless the build says otherwise. */
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api';
