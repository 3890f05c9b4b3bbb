import { readFileSync } from 'node:fs';

/**
 * The operating system and CPU a native `.node` file is built for, read from its header: ELF
 * (`e_machine`), Mach-O 64-bit (`cputype`) or PE (`Machine` of the COFF header). Undefined for
 * anything else. Enough to tell that a bundle's module for a platform is really that platform's.
 */
export function nativeModuleArch(file: string): { os: 'linux' | 'darwin' | 'win32'; cpu: 'x64' | 'arm64' } | undefined {
  const bytes = readFileSync(file);
  if (bytes.readUInt32BE(0) === 0x7f454c46) {
    const machine = bytes.readUInt16LE(18);
    return machine === 0x3e ? { os: 'linux', cpu: 'x64' } : machine === 0xb7 ? { os: 'linux', cpu: 'arm64' } : undefined;
  }
  if (bytes.readUInt32LE(0) === 0xfeedfacf) {
    const cpu = bytes.readUInt32LE(4);
    return cpu === 0x01000007 ? { os: 'darwin', cpu: 'x64' } : cpu === 0x0100000c ? { os: 'darwin', cpu: 'arm64' } : undefined;
  }
  if (bytes.toString('latin1', 0, 2) === 'MZ') {
    const pe = bytes.readUInt32LE(0x3c);
    if (bytes.toString('latin1', pe, pe + 4) !== 'PE\0\0') return undefined;
    const machine = bytes.readUInt16LE(pe + 4);
    return machine === 0x8664 ? { os: 'win32', cpu: 'x64' } : machine === 0xaa64 ? { os: 'win32', cpu: 'arm64' } : undefined;
  }
  return undefined;
}
