import { describe, expect, it } from 'vitest';
import { isLocalHost, shareUrl, shouldShowSharePanel } from './share-model';

describe('shouldShowSharePanel', () => {
  it('shows for a public http(s) link', () => {
    expect(shouldShowSharePanel('https://iot.example.com/dashboard/1?publicId=2')).toBe(true);
    expect(shouldShowSharePanel('http://203.0.113.5:8080/dashboard/1')).toBe(true);
  });

  it('hides for an empty, malformed or local link', () => {
    for (const link of [
      '',
      '   ',
      null,
      undefined,
      'not a url',
      'http://localhost:8080/dashboard/1',
      'http://127.0.0.1/dashboard/1',
      'http://192.168.1.20:8080/d',
      'http://10.0.0.5/d',
      'http://172.20.1.1/d',
      'http://[::1]:8080/d',
      'http://sapo.local/d',
      'http://raspberrypi:8080/d',
      'ftp://example.com/d',
    ])
      expect(shouldShowSharePanel(link)).toBe(false);
  });

  it('treats only private ranges as local', () => {
    expect(isLocalHost('172.32.0.1')).toBe(false);
    expect(isLocalHost('172.31.0.1')).toBe(true);
    expect(isLocalHost('8.8.8.8')).toBe(false);
  });
});

describe('shareUrl', () => {
  it('encodes the link for each network', () => {
    const link = 'https://iot.example.com/dashboard/1?publicId=2';
    expect(shareUrl('facebook', link)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fiot.example.com%2Fdashboard%2F1%3FpublicId%3D2',
    );
    expect(shareUrl('reddit', link, 'My board')).toContain('&title=My%20board');
    expect(shareUrl('email', link, 'Hi')).toMatch(/^mailto:\?subject=Hi&body=https%3A/);
  });
});
