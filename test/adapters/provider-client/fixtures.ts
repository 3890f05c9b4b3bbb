import { readFileSync } from 'node:fs';

/**
 * The project's own copy of the provider fixtures. Tests run from
 * dist/test/adapters/provider-client/, four levels below the project root.
 */
const PROVIDER_FIXTURES = new URL('../../../../test/fixtures/providers/', import.meta.url);

/** The text of one provider fixture (UTF-8). */
export function fixtureText(name: string): string {
  return readFileSync(new URL(name, PROVIDER_FIXTURES), 'utf8');
}

/** The parsed JSON of one provider fixture. */
export function fixtureJson(name: string): unknown {
  return JSON.parse(fixtureText(name));
}
