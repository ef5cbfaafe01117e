/** Hands a file to the browser as a download, as if a link to it had been followed. */
export function download(data: Uint8Array | Blob, fileName: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([data as BlobPart], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; keep the URL a moment for slow ones.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

const EXTENDED_NAME = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i;
const QUOTED_NAME = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i;
const BARE_NAME = /filename\s*=\s*([^;\s]+)/i;

function decodedExtendedName(header: string): string | null {
  const match = EXTENDED_NAME.exec(header);
  if (!match?.[2]) return null;
  try {
    return decodeURIComponent(match[2].trim());
  } catch {
    return null;
  }
}

/** A name with no folder in it (a server never means one; a browser would strip it anyway). */
function baseName(name: string): string {
  return name.split(/[\\/]/).pop()?.trim() ?? '';
}

/**
 * The file name a `Content-Disposition` header gives (RFC 6266: `filename*` in UTF-8 before the
 * plain `filename`), or the fallback when it gives none.
 */
export function fileNameOfDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const quoted = QUOTED_NAME.exec(header)?.[1]?.replace(/\\(.)/g, '$1');
  const name = decodedExtendedName(header) ?? quoted ?? BARE_NAME.exec(header)?.[1] ?? '';
  return baseName(name) || fallback;
}
