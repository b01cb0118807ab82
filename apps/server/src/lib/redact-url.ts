// Secrets that travel in URLs (mailed links, signed downloads, stream tickets) must not reach
// the request log: query values under these names, and the path segment after these prefixes.
const SECRET_PARAMS = /([?&](?:token|access_token|id_token|ticket|signature|sig|key|code)=)[^&#]*/gi;
const SECRET_SEGMENTS = /(\/(?:verify-email|new-password)\/)[^/?#]+/gi;

/** The URL with every secret replaced by `[redacted]`, for logs. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENTS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}
