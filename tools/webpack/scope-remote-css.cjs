// Several Tailwind builds share one page: the shell's and each remote's. Their utilities collide
// (a remote's later `.hidden` beats the shell's earlier `md:flex`). This PostCSS plugin puts a
// remote's base and utility rules inside `@scope ([data-remote="<name>"])`: they apply only within
// the element the shell mounts that remote in, and there they win by scoping proximity. Theme
// variables, @property and @keyframes stay global (identical across builds).
const SCOPED_LAYERS = new Set(['base', 'components', 'utilities']);

function scopeRemoteCss(remoteName) {
  return {
    postcssPlugin: 'lipcast-scope-remote-css',
    OnceExit(root, { AtRule }) {
      root.walkAtRules('layer', (layer) => {
        if (!SCOPED_LAYERS.has(layer.params) || !layer.nodes?.length) return;
        const scope = new AtRule({ name: 'scope', params: `([data-remote="${remoteName}"])` });
        scope.append(layer.nodes);
        layer.append(scope);
      });
    },
  };
}
scopeRemoteCss.postcss = true;

module.exports = { scopeRemoteCss };
