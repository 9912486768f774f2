// The SPA's first-load JavaScript, read from the build (built now when its sources changed), with the
// measure `npm run build` prints (scripts/toolchain.mjs firstLoad).

interface WebToolchain {
  ensureWebBuild: () => Promise<void>;
  firstLoad: () => { javaScriptBytes: number };
}

/** First-load JavaScript, KB gzip. */
export async function firstLoadKb(): Promise<number> {
  const toolchainModule: string = '../toolchain.mjs';
  const { ensureWebBuild, firstLoad } = (await import(toolchainModule)) as WebToolchain;
  await ensureWebBuild();
  return firstLoad().javaScriptBytes / 1024;
}
