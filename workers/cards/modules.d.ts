// The card renderer's WebAssembly, which wrangler bundles as a module compiled when the Worker is uploaded. (The font's
// `*.ttf` data modules are declared by `wrangler types` from wrangler.toml's rules.)
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
