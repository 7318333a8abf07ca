/**
 * Video links an admin may add to the media gallery: YouTube and Vimeo pages become their
 * embeddable player URLs (privacy-enhanced YouTube), and a direct https .mp4/.webm file plays
 * in a `<video>` element. Anything else is refused, so the page never frames an arbitrary site.
 */
export type VideoProvider = 'youtube' | 'vimeo' | 'file';
export type ParsedVideo = { provider: VideoProvider; embedUrl: string };

export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';
export const VIMEO_EMBED_ORIGIN = 'https://player.vimeo.com';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;

function youtubeId(url: URL, host: string): string | null {
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return parts[0] ?? null;
  if (!['youtube.com', 'youtube-nocookie.com', 'music.youtube.com'].includes(host)) return null;
  if (parts[0] === 'watch') return url.searchParams.get('v');
  if (parts[0] && ['embed', 'shorts', 'live', 'v'].includes(parts[0])) return parts[1] ?? null;
  return null;
}

function vimeo(url: URL, host: string): { id: string; hash: string | null } | null {
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'player.vimeo.com') {
    if (parts[0] !== 'video' || !parts[1]) return null;
    return { id: parts[1], hash: url.searchParams.get('h') };
  }
  if (host !== 'vimeo.com') return null;
  // vimeo.com/123, vimeo.com/123/abcdef (unlisted), vimeo.com/channels/x/123
  const at = parts.findIndex((p) => VIMEO_ID.test(p));
  if (at === -1) return null;
  return { id: parts[at]!, hash: parts[at + 1] ?? null };
}

export function parseVideoUrl(input: string): ParsedVideo | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');

  const yt = youtubeId(url, host);
  if (yt !== null) {
    return YOUTUBE_ID.test(yt)
      ? { provider: 'youtube', embedUrl: `${YOUTUBE_EMBED_ORIGIN}/embed/${yt}` }
      : null;
  }
  const vm = vimeo(url, host);
  if (vm) {
    if (!VIMEO_ID.test(vm.id)) return null;
    const hash = vm.hash && VIMEO_HASH.test(vm.hash) ? `?h=${vm.hash}` : '';
    return { provider: 'vimeo', embedUrl: `${VIMEO_EMBED_ORIGIN}/video/${vm.id}${hash}` };
  }
  if (host.includes('.') && /\.(mp4|webm)$/i.test(url.pathname)) {
    return { provider: 'file', embedUrl: url.href };
  }
  return null;
}
