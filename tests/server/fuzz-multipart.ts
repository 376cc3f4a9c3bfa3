/**
 * Multipart bodies for the route fuzz test: well-formed forms with plausible or bad
 * fields and files, and the ways a form breaks (truncated, no boundary, the wrong
 * boundary, no closing delimiter, too many parts, odd part headers).
 */
import fc from 'fast-check';
import { badText } from './fuzz-inputs';

export interface MultipartBody {
  contentType: string;
  payload: Buffer;
}

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A form as bytes, with the given boundary. */
export function encodeForm(parts: FormPart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.type ? `\r\nContent-Type: ${p.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

/** How a well-formed body gets broken. */
type Breakage = 'none' | 'truncate' | 'no-boundary' | 'wrong-boundary' | 'no-close' | 'long-boundary' | 'quoted-boundary' | 'bare-lf' | 'empty' | 'preamble-only';

function breakBody(form: Buffer, how: Breakage, cut: number): MultipartBody {
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  switch (how) {
    case 'truncate':
      return { contentType: type, payload: form.subarray(0, Math.floor(form.length * cut)) };
    case 'no-boundary':
      return { contentType: 'multipart/form-data', payload: form };
    case 'wrong-boundary':
      return { contentType: 'multipart/form-data; boundary=other', payload: form };
    case 'no-close':
      return { contentType: type, payload: form.subarray(0, form.lastIndexOf(`--${BOUNDARY}--`)) };
    case 'long-boundary':
      return { contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`, payload: form };
    case 'quoted-boundary':
      return { contentType: `multipart/form-data; boundary="${BOUNDARY}"; charset=x-unknown`, payload: form };
    case 'bare-lf':
      return { contentType: type, payload: Buffer.from(form.toString('latin1').replace(/\r\n/g, '\n'), 'latin1') };
    case 'empty':
      return { contentType: type, payload: Buffer.alloc(0) };
    case 'preamble-only':
      return { contentType: type, payload: Buffer.from('just some text, no parts\r\n') };
    default:
      return { contentType: type, payload: form };
  }
}

const BREAKAGES: Breakage[] = ['none', 'truncate', 'no-boundary', 'wrong-boundary', 'no-close', 'long-boundary', 'quoted-boundary', 'bare-lf', 'empty', 'preamble-only'];

/**
 * A multipart body: `fields` are plausible text fields (in a random order, some replaced
 * by bad text), then maybe a file (plausible bytes or junk), maybe more fields after it
 * or too many parts, then maybe broken.
 */
export function multipartBody(fields: fc.Arbitrary<Record<string, string>>, files: fc.Arbitrary<Buffer>, bad: boolean, fileField = 'file'): fc.Arbitrary<MultipartBody> {
  const part = fc.record({
    name: fc.oneof({ weight: 5, arbitrary: fc.constant('') }, { weight: 1, arbitrary: badText() }),
    value: badText()
  });
  return fc
    .record({
      fields,
      replaced: bad ? fc.array(part, { maxLength: 2 }) : fc.constant([]),
      file: fc.option(
        fc.record({
          data: files,
          name: fc.oneof({ weight: 5, arbitrary: fc.constant(fileField) }, { weight: 1, arbitrary: fc.constantFrom('other', '', 'file\u0000') }),
          filename: fc.constantFrom('photo.jpg', '', '../../x', 'a\u0000b', undefined),
          type: fc.constantFrom('image/jpeg', 'image/png', 'text/plain', '', undefined)
        }),
        { freq: 4 }
      ),
      after: bad ? fc.array(part, { maxLength: 2 }) : fc.constant([]),
      many: bad ? fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constant(40) }) : fc.constant(0),
      breakage: bad ? fc.oneof({ weight: 2, arbitrary: fc.constant<Breakage>('none') }, { weight: 6, arbitrary: fc.constantFrom(...BREAKAGES) }) : fc.constant<Breakage>('none'),
      cut: fc.double({ min: 0, max: 1, noNaN: true })
    })
    .map(({ fields: f, replaced, file, after, many, breakage, cut }) => {
      const parts: FormPart[] = Object.entries(f).map(([name, value]) => ({ name, value }));
      for (const r of replaced) parts.push({ name: r.name || (parts[0]?.name ?? 'key'), value: r.value });
      for (let i = 0; i < many; i++) parts.push({ name: `extra${i}`, value: 'x' });
      if (file) parts.push({ name: file.name, value: file.data, filename: file.filename, type: file.type });
      for (const a of after) parts.push({ name: a.name || 'key', value: a.value });
      return breakBody(encodeForm(parts, BOUNDARY), breakage, cut);
    });
}
