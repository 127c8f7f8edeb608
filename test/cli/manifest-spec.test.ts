// withSpec: `init --spec` and `generate --spec` write the version into the manifest by editing
// the `spec:` value's text in place — the author's comments, quoting, blank lines and flow lists
// stay as written, and the value reads back as the string given (`1.0` quoted: plain, it is a number).
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { withSpec } from '../../generator/cli/manifest-spec.js';

describe('withSpec', () => {
  it.each<{ name: string; given: string; spec: string; want: string }>([
    {
      name: 'a plain value, its comment and the lines around it kept',
      given: '# my agent\nspec: 0.3.0   # for now\n\nagent: { name: A }   # flow, as written\n',
      spec: '1.0',
      want: "# my agent\nspec: '1.0'   # for now\n\nagent: { name: A }   # flow, as written\n",
    },
    { name: 'a version that reads back as itself stays plain', given: 'spec: 0.2.5\nagent: {}\n', spec: '0.3.0', want: 'spec: 0.3.0\nagent: {}\n' },
    { name: 'single quotes stay single', given: "spec: '1.0'\nagent: {}\n", spec: '0.3.0', want: "spec: '0.3.0'\nagent: {}\n" },
    { name: 'double quotes stay double', given: 'spec: "0.3.0"\nagent: {}\n', spec: '1.0', want: 'spec: "1.0"\nagent: {}\n' },
    { name: 'a path', given: 'spec: 0.3.0\n', spec: 'specs/a2a.proto', want: 'spec: specs/a2a.proto\n' },
    { name: 'a quote in the value is doubled in single quotes', given: 'spec: 0.3.0\n', spec: "it's: here", want: "spec: 'it''s: here'\n" },
    {
      name: 'no spec yet: a line above the first key, below the opening comment',
      given: '# my agent\n\nagent:\n  name: A\n',
      spec: '1.0',
      want: "# my agent\n\nspec: '1.0'\nagent:\n  name: A\n",
    },
    { name: 'a JSON manifest stays JSON', given: '{\n  "spec": "0.3.0",\n  "agent": {}\n}\n', spec: '1.0', want: '{\n  "spec": "1.0",\n  "agent": {}\n}\n' },
    { name: 'a JSON manifest without spec', given: '{"agent": {}}\n', spec: '1.0', want: '{"spec": "1.0", "agent": {}}\n' },
    { name: 'not a mapping: left as it is (generate reports it)', given: '- a\n- b\n', spec: '1.0', want: '- a\n- b\n' },
    { name: 'a syntax error: left as it is', given: 'spec: [0.3.0\n', spec: '1.0', want: 'spec: [0.3.0\n' },
  ])('$name', ({ given, spec, want }) => {
    const got = withSpec(given, spec);
    expect(got).toBe(want);
    if (got !== given) expect((parse(got) as { spec: unknown }).spec).toBe(spec);
  });
});
