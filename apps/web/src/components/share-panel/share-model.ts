/** True for hosts only this machine or this network can reach (a share would lead nowhere). */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host === '') return true;
  if (host === '::1' || host === '::' || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe80:/.test(host)) return true;
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!ipv4) return !host.includes('.'); // a bare name ('raspberrypi') only resolves on the LAN
  const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
  return (
    a === 127 ||
    a === 10 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127) // carrier-grade NAT
  );
}

/** Spec §2.8: the share panel is hidden when the link is empty or local. */
export function shouldShowSharePanel(link: string | null | undefined): boolean {
  if (!link || !link.trim()) return false;
  try {
    const url = new URL(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    return !isLocalHost(url.hostname);
  } catch {
    return false;
  }
}

export type ShareTarget = 'email' | 'facebook' | 'twitter' | 'linkedin' | 'reddit';

/** The address that shares the link on each network (their public share endpoints). */
export function shareUrl(target: ShareTarget, link: string, title = ''): string {
  const u = encodeURIComponent(link);
  const t = encodeURIComponent(title);
  switch (target) {
    case 'email':
      return `mailto:?subject=${t}&body=${u}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${u}${title ? `&text=${t}` : ''}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${u}${title ? `&title=${t}` : ''}`;
  }
}
