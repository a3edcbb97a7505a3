export declare const PATCHED_VERSION: string;
export declare const MARKER: string;
export declare function patchProxySource(source: string): string;
export declare function installedProxy(root?: string): {
  version: string;
  path: string;
};
