/**
 * Videos are configured as ordinary share links (VIDEO_URL_*), and the page embeds them only
 * after a click. Only hosts the Content-Security-Policy lets into a frame are accepted; YouTube
 * is embedded from its no-cookie domain so nothing is tracked before the visitor plays.
 * Parsed by pattern, not with URL, because the domain package runs without DOM or Node APIs.
 */

// https://host/path?query#fragment, with nothing odd in the host.
const HTTPS_URL = /^https:\/\/([a-z0-9.-]+)(?::\d+)?(\/[^?#\s]*)?(\?[^#\s]*)?(#\S*)?$/i;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{4,12}$/;

interface ParsedUrl {
  host: string;
  segments: string[];
  query: string;
}

function parse(url: string): ParsedUrl | null {
  const m = HTTPS_URL.exec(url.trim());
  if (!m) return null;
  return {
    host: m[1]!.toLowerCase(),
    segments: (m[2] ?? '').split('/').filter(Boolean),
    query: (m[3] ?? '').slice(1),
  };
}

function queryParam(query: string, name: string): string | null {
  for (const pair of query.split('&')) {
    const [key, value] = pair.split('=');
    if (key === name && value) return value;
  }
  return null;
}

function youtubeId(u: ParsedUrl): string | null {
  const host = u.host.replace(/^(www|m)\./, '');
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = u.segments[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [first, second] = u.segments;
    if (first === 'watch') id = queryParam(u.query, 'v');
    else if (first === 'embed' || first === 'shorts' || first === 'live') id = second;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(u: ParsedUrl): string | null {
  let id: string | undefined;
  if (u.host === 'vimeo.com' || u.host === 'www.vimeo.com') id = u.segments[0];
  else if (u.host === 'player.vimeo.com' && u.segments[0] === 'video') id = u.segments[1];
  return id && VIMEO_ID.test(id) ? id : null;
}

/** The embeddable player URL (autoplaying, since the visitor already clicked play), or null. */
export function toVideoEmbedUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const u = parse(url);
  if (!u) return null;
  const yt = youtubeId(u);
  if (yt) return `https://www.youtube-nocookie.com/embed/${yt}?autoplay=1&rel=0`;
  const vimeo = vimeoId(u);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo}?autoplay=1`;
  return null;
}

export function isSupportedVideoUrl(url: string): boolean {
  return toVideoEmbedUrl(url) !== null;
}
