export interface BundleFile {
  file: string;
  bytes: number;
  gzip: number;
}
export function initialJavaScript(distDir: string): {
  files: BundleFile[];
  bytes: number;
  gzip: number;
};
