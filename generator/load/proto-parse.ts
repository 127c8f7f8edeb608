// Parses a .proto with protobufjs (pure JavaScript, no protoc). Only the text given is read:
// imports are listed, never loaded, so `google/api/annotations.proto` and friends need not
// exist anywhere — their options arrive as plain values on what uses them.
import protobuf from 'protobufjs';
import { InputError } from '../diagnostics.js';
import { quoteSource } from './source-excerpt.js';
import { lineColumnAt } from './text.js';
import { blockAfter, findDeclaration, type ProtoText } from './proto-locate.js';
import { restoreDroppedEnumValues } from './proto-enum-values.js';

export interface ParsedProto {
  root: protobuf.Root;
  /** The `package` the file declares; undefined when it declares none. */
  package: string | undefined;
  /** The imports as written; none of them is read. */
  imports: string[];
}

export function parseProtoText(proto: ProtoText): ParsedProto {
  try {
    // keepCase: field names as written (`context_id`); their JSON names are ours to derive
    // (proto-names.ts), so an explicit `json_name` can win. alternateCommentMode: A2A documents
    // with `//` comments, which protobufjs otherwise ignores.
    const result = protobuf.parse(proto.text, new protobuf.Root(), { keepCase: true, alternateCommentMode: true });
    restoreDroppedEnumValues(result.root, proto, result.package);
    return { root: result.root, package: result.package, imports: [...(result.imports ?? []), ...(result.weakImports ?? [])] };
  } catch (err) {
    throw syntaxError(proto, err);
  }
}

/**
 * protobufjs says where in words only: `illegal token 'int32', ';' expected (line 5)`. The
 * line comes from that suffix, the column from where the quoted token stands on that line.
 */
export function syntaxError(proto: ProtoText, err: unknown): InputError {
  if (!(err instanceof Error)) throw err;
  if (err instanceof RangeError) return new InputError('the proto nests too deeply to be read', { file: proto.origin });
  const lineMatch = /\s*\((?:[^()]*, )?line (\d+)\)$/.exec(err.message);
  const words = lineMatch ? err.message.slice(0, lineMatch.index) : err.message;
  const what = words.startsWith('illegal') ? 'proto syntax error' : 'proto error';
  const place = lineMatch ? placeOf(proto, Number(lineMatch[1]), words, err.message) : duplicatePlace(proto, words);
  if (!place) return new InputError(`${what}: ${words}`, { file: proto.origin });
  const { line, column } = place;
  return new InputError(`${what}: ${words}`, { file: proto.origin, line, column }, undefined, quoteSource(proto.text, line, column));
}

/**
 * `duplicate name 'x' in Type .t.A` and `duplicate id 1 in Type .t.A` carry no line: the
 * second declaration of that name (or field of that number) inside the named scope.
 */
function duplicatePlace(proto: ProtoText, words: string): { line: number; column: number } | undefined {
  const m = /^duplicate (?:name '([^']+)'|id (\d+)) in (\w+)(?: \.?(.*))?$/.exec(words);
  if (!m) return undefined;
  const [, name, id, kind, scopeName] = m;
  const keyword = kind === 'Service' ? 'service' : kind === 'Enum' ? 'enum' : 'message';
  // The scope is a message, enum or service, named from the package down; a package (Namespace) is the whole file.
  let scope: [number, number] = [0, proto.code.length];
  if (kind !== 'Namespace' && kind !== 'Root' && scopeName) {
    const steps = scopeName.split('.');
    for (let i = 0; i < steps.length; i++) {
      const at = findDeclaration(proto, keyword, steps.slice(i).join('.'));
      const block = at === undefined ? undefined : blockAfter(proto.code, at);
      if (block) {
        scope = block;
        break;
      }
    }
  }
  const n = name ? name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : undefined;
  const re = n ? new RegExp(`\\b(?:message|enum|service|rpc|oneof)\\s+(${n})\\b|(?<![\\w.])(${n})\\s*=\\s*-?\\d`, 'g') : new RegExp(`=\\s*(${id})(?!\\w)`, 'g');
  // Members of a nested message or enum are not the scope's own (a oneof's are).
  const nested: [number, number][] = [];
  const decl = /\b(?:message|enum|service)\s+\w+/g;
  decl.lastIndex = scope[0] + 1;
  for (let d = decl.exec(proto.code); d && d.index < scope[1]; d = decl.exec(proto.code)) {
    const block = blockAfter(proto.code, d.index + d[0].length);
    if (block) {
      nested.push(block);
      decl.lastIndex = block[1];
    }
  }
  re.lastIndex = scope[0];
  let seen = 0;
  for (let hit = re.exec(proto.code); hit && hit.index < scope[1]; hit = re.exec(proto.code)) {
    if (nested.some(([from, to]) => hit!.index > from && hit!.index < to)) continue;
    if (++seen === 2) return lineColumnAt(proto.text, hit.index + hit[0].indexOf(hit[1] ?? hit[2]));
  }
  return undefined;
}

function placeOf(proto: ProtoText, line: number, words: string, message: string): { line: number; column: number } {
  // At the end of input protobufjs counts the last newline too: point just past the last token.
  if (words.startsWith('illegal end of input')) return lineColumnAt(proto.text, proto.text.replace(/\s+$/, '').length);
  const lines = proto.text.split('\n');
  const raw = lines[line - 1] ?? '';
  const code = proto.code.split('\n')[line - 1] ?? '';
  const at = (column: number): { line: number; column: number } => ({ line, column });
  // An unterminated string: its opening quote, the last one on the line.
  if (words === 'illegal string') return at(Math.max(raw.lastIndexOf('"'), raw.lastIndexOf("'")) + 1 || firstNonBlank(raw));
  if (words === 'illegal comment') return at(raw.indexOf('/*') + 1 || firstNonBlank(raw));
  const token = /'([^']*)'/.exec(words)?.[1];
  if (!token) return at(firstNonBlank(raw));
  const lineStart = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  const columns = [...code.matchAll(new RegExp(`(?<![\\w.])${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.])`, 'g'))].map((m) => m.index + 1);
  if (!columns.length) return at(raw.indexOf(token) + 1 || firstNonBlank(raw));
  // The same token may stand on the line more than once (`} }`): the one at fault is the first
  // whose text, cut right after it, fails the same way. Cut before it, the parser fails
  // otherwise or not at all, so a binary search needs log2(n) parses, paid on an error only.
  const failsHere = (c: number): boolean => failureOf(proto.text.slice(0, lineStart + c - 1 + token.length)) === message;
  let [lo, hi] = [0, columns.length - 1];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (failsHere(columns[mid])) hi = mid;
    else lo = mid + 1;
  }
  return at(columns[lo]);
}

function failureOf(text: string): string | undefined {
  try {
    protobuf.parse(text, new protobuf.Root(), { keepCase: true, alternateCommentMode: true });
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : undefined;
  }
}

function firstNonBlank(line: string): number {
  return line.search(/\S/) + 1 || 1;
}
