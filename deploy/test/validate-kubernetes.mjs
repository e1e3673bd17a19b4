// Validates Kubernetes objects against the Kubernetes schemas of the `kubernetes-models` package.
// The package is ESM-only, so deploy.spec.ts runs this with Node: objects as a JSON array on
// stdin, a JSON array of problems ({name, message}) on stdout.
const input = await new Promise((resolve) => {
  let text = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => (text += chunk));
  process.stdin.on('end', () => resolve(text));
});

const problems = [];
for (const object of JSON.parse(input)) {
  const name = `${object.kind}/${object.metadata?.name}`;
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : [null, object.apiVersion];
  const modulePath = group ? `kubernetes-models/${group}/${version}` : `kubernetes-models/${version}`;
  try {
    const models = await import(modulePath);
    const Model = models[object.kind];
    if (!Model) throw new Error(`kubernetes-models has no ${object.kind} in ${object.apiVersion}`);
    new Model(object).validate();
  } catch (error) {
    problems.push({ name, message: error instanceof Error ? error.message : String(error) });
  }
}
process.stdout.write(JSON.stringify(problems));
