// The stylesheet belongs to the entry, so the page links it in its head: it loads beside the code,
// and a prerendered page (which runs no app code at first) is styled by it too.
// Inter, self-hosted (font-display: swap), so every machine shows the same face.
import '@fontsource-variable/inter/index.css';
import './styles.css';
// Federation needs an async boundary before shared modules are used.
import('./bootstrap');
