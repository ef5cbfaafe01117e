import type { SslChainAnswer, SslChainCertificate } from '../../../shared/index.js';

const two = (value: number) => String(value).padStart(2, '0');

/** A time in the viewer's zone as YYYY-MM-DD HH:MM:SS, as the other screens write it. */
export function dateTimeText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  return `${day} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** host:port, an IPv6 address in brackets. */
export function targetText(answer: Pick<SslChainAnswer, 'host' | 'port'>): string {
  return answer.host.includes(':') ? `[${answer.host}]:${answer.port}` : `${answer.host}:${answer.port}`;
}

export type CertificateRole = 'leaf' | 'intermediate' | 'root';

export function roleOf(certificate: SslChainCertificate, index: number): CertificateRole {
  if (index === 0) return 'leaf';
  return certificate.selfIssued ? 'root' : 'intermediate';
}

/** The common name alone when there is one: enough to tell the certificates of a chain apart. */
export function shortName(subject: string): string {
  const commonName = /(?:^|, )CN=([^,]+)/.exec(subject);
  return commonName?.[1] ?? subject;
}

export type Tone = 'good' | 'caution' | 'bad';

export function toneOf(answer: Pick<SslChainAnswer, 'trusted' | 'verdict'>): Tone {
  if (!answer.trusted) return 'bad';
  return answer.verdict === 'trusted' ? 'good' : 'caution';
}
