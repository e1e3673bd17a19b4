/** espeak-ng compiled to WebAssembly (no typings shipped): the default export builds the module. */
declare module '@echogarden/espeak-ng-emscripten' {
  const createModule: () => Promise<unknown>;
  export default createModule;
}
