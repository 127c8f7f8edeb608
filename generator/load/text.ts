// Reading text inputs strictly: a file that is not UTF-8 or not JSON is named, with the
// place it breaks, instead of surfacing later as a confusing schema error.
import { InputError } from '../diagnostics.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Decodes bytes as UTF-8 or throws naming the first bad byte's line and column. */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    const bad = firstInvalidUtf8Offset(bytes);
    const before = new TextDecoder().decode(bytes.subarray(0, bad));
    const { line, column } = lineColumnAt(before, before.length);
    throw new InputError(`not valid UTF-8 (byte 0x${bytes[bad]?.toString(16).padStart(2, '0')} at offset ${bad}); save the file as UTF-8`, {
      file,
      line,
      column,
    });
  }
}

function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i];
    const len = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (len === 0) return i;
    for (let k = 1; k < len; k++) if (i + k >= bytes.length || (bytes[i + k] & 0xc0) !== 0x80) return i;
    const ok = utf8Ok(bytes.subarray(i, i + len));
    if (!ok) return i;
    i += len;
  }
  return bytes.length;
}

function utf8Ok(seq: Uint8Array): boolean {
  try {
    utf8.decode(seq);
    return true;
  } catch {
    return false;
  }
}

/** 1-based line and column of a string offset. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** JSON.parse with the failure's line and column (Node's message carries the offset). */
export function parseJsonText(text: string, file: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    const message = (err as Error).message;
    const at = /position (\d+)/.exec(message);
    const offset = at ? Number(at[1]) : text.length;
    const { line, column } = lineColumnAt(text, offset);
    const reason = text.trim() === '' ? 'the file is empty' : message.replace(/ in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, '');
    throw new InputError(`not valid JSON: ${reason}`, { file, line, column });
  }
}
