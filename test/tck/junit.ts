// Reads the JUnit XML pytest writes (--junitxml): one outcome per test case. pytest's output is
// regular (attributes double-quoted, text escaped), so a scan of <testcase> elements suffices.

export type Outcome = 'passed' | 'failed' | 'skipped';

export interface TestCase {
  /** `classname::name`, e.g. `tests.optional.quality.test_task_state_quality::test_task_state_transitions`. */
  id: string;
  name: string;
  outcome: Outcome;
  /** The failure's or skip's message, when there is one. */
  message?: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescape(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') return String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
    return ENTITIES[ref] ?? whole;
  });
}

function attribute(attributes: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(attributes);
  return m ? unescape(m[1]) : undefined;
}

export function parseJUnit(xml: string): TestCase[] {
  const cases: TestCase[] = [];
  for (const m of xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const [, attributes, body = ''] = m;
    const name = attribute(attributes, 'name') ?? '';
    const classname = attribute(attributes, 'classname') ?? '';
    // A case with a failure or an error (a fixture that broke counts: the test did not pass).
    const problem = /<(failure|error)\b([^>]*)/.exec(body);
    const skip = /<skipped\b([^>]*)/.exec(body);
    const outcome: Outcome = problem ? 'failed' : skip ? 'skipped' : 'passed';
    const message = attribute(problem ? problem[2] : skip ? skip[1] : '', 'message');
    cases.push({ id: `${classname}::${name}`, name, outcome, message });
  }
  return cases;
}
