// `npm run caudal -- <command>`: the operator's command line (README, "Running it for real").
import { runCli } from './cli';

runCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
})
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    console.error('The command failed:', error);
    process.exitCode = 1;
  });
