// Stylesheets are bundled by webpack (css-loader + Tailwind); importing one has only side effects.
declare module '*.css';
