// `import script from './x.ts?inline-script'`: the text of a script that runs x.ts's default export
// (app/shell/inline-scripts.ts; empty in the browser's build).
declare module '*?inline-script' {
  const script: string
  export default script
}
