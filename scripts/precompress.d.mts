export declare const COMPRESSIBLE: Set<string>;
export declare const MIN_BYTES: number;
export declare function precompress(dir: string): number;
