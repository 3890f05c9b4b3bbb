import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { locateSettings, type ConfigEnvironment } from '../../../src/adapters/config-source/index.js';

const environment = (
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
  home: string | (() => string) = platform === 'win32' ? 'C:\\Users\\ada' : platform === 'darwin' ? '/Users/ada' : '/home/ada',
): ConfigEnvironment => ({ platform, env, homedir: typeof home === 'function' ? home : () => home });

const fileOf = (env: ConfigEnvironment): string | undefined => {
  const location = locateSettings(env);
  return location.kind === 'located' ? location.file : undefined;
};

describe('settings location (docs/configuration.md)', () => {
  it('uses an absolute $QIONGLI_CONFIG_HOME on every platform (docs/configuration.md)', () => {
    assert.deepEqual(locateSettings(environment('linux', { QIONGLI_CONFIG_HOME: '/srv/q', XDG_CONFIG_HOME: '/x' })), {
      kind: 'located',
      root: '/srv/q',
      file: '/srv/q/settings.json',
    });
    assert.equal(fileOf(environment('darwin', { QIONGLI_CONFIG_HOME: '/opt/q/' })), '/opt/q/settings.json');
    assert.equal(fileOf(environment('win32', { QIONGLI_CONFIG_HOME: 'D:\\cfg', APPDATA: 'C:\\A' })), 'D:\\cfg\\settings.json');
  });

  it('treats a relative $QIONGLI_CONFIG_HOME as no trustworthy location (docs/configuration.md, decision)', () => {
    for (const relative of ['cfg', './cfg', '../cfg', ' ', '~/cfg']) {
      assert.deepEqual(locateSettings(environment('linux', { QIONGLI_CONFIG_HOME: relative })), { kind: 'invalid', rule: 'relative-config-home' }, relative);
    }
    for (const relative of ['cfg', '\\cfg', 'C:cfg', '/cfg']) {
      assert.deepEqual(locateSettings(environment('win32', { QIONGLI_CONFIG_HOME: relative })), { kind: 'invalid', rule: 'relative-config-home' }, relative);
    }
  });

  it('treats an empty $QIONGLI_CONFIG_HOME as unset (docs/configuration.md, decision)', () => {
    assert.equal(fileOf(environment('linux', { QIONGLI_CONFIG_HOME: '' })), '/home/ada/.config/qiongli/settings.json');
  });

  it('uses $XDG_CONFIG_HOME/qiongli on Linux when it is absolute (docs/configuration.md)', () => {
    assert.equal(fileOf(environment('linux', { XDG_CONFIG_HOME: '/data/xdg' })), '/data/xdg/qiongli/settings.json');
    assert.equal(fileOf(environment('freebsd', { XDG_CONFIG_HOME: '/data/xdg' })), '/data/xdg/qiongli/settings.json');
  });

  it('falls back to ~/.config/qiongli on Linux when $XDG_CONFIG_HOME is unset, empty or relative (docs/configuration.md)', () => {
    for (const xdg of [undefined, '', 'relative/xdg']) {
      assert.equal(fileOf(environment('linux', { XDG_CONFIG_HOME: xdg })), '/home/ada/.config/qiongli/settings.json', String(xdg));
    }
  });

  it('uses ~/Library/Application Support/qiongli on macOS and ignores $XDG_CONFIG_HOME (docs/configuration.md)', () => {
    assert.equal(fileOf(environment('darwin', { XDG_CONFIG_HOME: '/data/xdg' })), '/Users/ada/Library/Application Support/qiongli/settings.json');
  });

  it('uses %APPDATA%\\qiongli on Windows, built with Windows separators (docs/configuration.md)', () => {
    assert.deepEqual(locateSettings(environment('win32', { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' })), {
      kind: 'located',
      root: 'C:\\Users\\ada\\AppData\\Roaming\\qiongli',
      file: 'C:\\Users\\ada\\AppData\\Roaming\\qiongli\\settings.json',
    });
    assert.equal(fileOf(environment('win32', { APPDATA: '\\\\server\\share\\roaming' })), '\\\\server\\share\\roaming\\qiongli\\settings.json');
  });

  it('falls back to ~\\AppData\\Roaming\\qiongli on Windows when %APPDATA% is unset or relative (docs/configuration.md, decision)', () => {
    for (const appData of [undefined, '', 'Roaming']) {
      assert.equal(fileOf(environment('win32', { APPDATA: appData })), 'C:\\Users\\ada\\AppData\\Roaming\\qiongli\\settings.json');
    }
  });

  it('names no location when the home directory is needed but unknown or relative (docs/configuration.md, decision)', () => {
    const throwing = () => {
      throw new Error('no home');
    };
    assert.deepEqual(locateSettings(environment('linux', {}, throwing)), { kind: 'invalid', rule: 'unknown-home' });
    assert.deepEqual(locateSettings(environment('darwin', {}, '')), { kind: 'invalid', rule: 'unknown-home' });
    assert.deepEqual(locateSettings(environment('win32', {}, 'Users\\ada')), { kind: 'invalid', rule: 'unknown-home' });
  });

  it('does not ask for the home directory when an absolute variable already names the root (docs/configuration.md)', () => {
    let asked = 0;
    const counting = () => {
      asked += 1;
      return '/home/ada';
    };
    locateSettings(environment('linux', { QIONGLI_CONFIG_HOME: '/q' }, counting));
    locateSettings(environment('linux', { XDG_CONFIG_HOME: '/x' }, counting));
    assert.equal(asked, 0);
  });
});
