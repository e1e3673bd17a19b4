// Kubelet exec probe: asks this process's operator-only listener on the pod's loopback, with
// OPS_TOKEN, so the token never appears in a manifest. `live` → /healthz, `ready` → /readyz.
// Exits 0 on a 2xx answer, 1 otherwise (no answer within 4 s included).
const path = process.argv[2] === 'ready' ? '/readyz' : '/healthz';
const headers = process.env.OPS_TOKEN ? { authorization: `Bearer ${process.env.OPS_TOKEN}` } : {};
fetch(`http://127.0.0.1:${process.env.OPS_PORT}${path}`, { headers, signal: AbortSignal.timeout(4000) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
);
