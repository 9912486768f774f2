// Every upload is scanned before it is stored (reference platform §4.5: clamd, "Virus found"). The
// scanner is behind this interface so a deployment can plug in a real engine through AppDeps; the
// built-in one knows only the EICAR test signature, which lets anyone check the refusal end to end.

export type ScanResult = { clean: true } | { clean: false; threat: string };

export interface VirusScanner {
  scan(data: Buffer, fileName: string): Promise<ScanResult>;
}

/**
 * The EICAR anti-virus test file, put together at run time so that this source file is not itself
 * flagged by the scanners of the machines it is checked out on.
 */
export const EICAR_TEST_STRING = ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS', '-TEST-FILE!$H+H*'].join('');

/** Finds fixed byte signatures anywhere in a file. */
export class SignatureScanner implements VirusScanner {
  private readonly signatures: { threat: string; bytes: Buffer }[];

  constructor(signatures: Record<string, string | Buffer>) {
    this.signatures = Object.entries(signatures).map(([threat, s]) => ({ threat, bytes: Buffer.isBuffer(s) ? s : Buffer.from(s, 'latin1') }));
  }

  async scan(data: Buffer, _fileName?: string): Promise<ScanResult> {
    const found = this.signatures.find((s) => data.includes(s.bytes));
    return found ? { clean: false, threat: found.threat } : { clean: true };
  }
}

/** The default: accepts everything but the EICAR test file. */
export const builtInScanner: VirusScanner = new SignatureScanner({ 'Eicar-Test-Signature': EICAR_TEST_STRING });
