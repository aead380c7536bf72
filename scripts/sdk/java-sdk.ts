/**
 * `npx tsx scripts/sdk/java-sdk.ts --sdk DIR [--timeout 600] [--strict]`: the processor's public Java SDK
 * (open-pay/openpay-java) runs its own integration suite (`src/test/integration/.../full`, JUnit 4) against a
 * `--lenient` sandbox (strict with `--strict`) in this process. Maven Central is out of reach, so it is compiled with
 * javac against Debian's packaged jars (apt: default-jdk-headless libgoogle-gson-java liblombok-java
 * libhttpclient-java libhttpcore-java libhttpmime-java libcommons-codec-java libcommons-logging-java libslf4j-java
 * junit4 libhamcrest-java liblog4j1.2-java libcommons-httpclient-java). Prints the JUnit figures, then the failed
 * tests grouped by their first line. Not run in CI.
 *
 * A copy of DIR gets these patches, nothing else: the client keeps an `http:` base URL (it rewrites it to https) and
 * registers the plain-socket scheme beside https; the tests' endpoints, merchant ids and private keys become the
 * sandbox's; the expiry years they hard-code (14, 20, 23, 25, now past) become 30. Gson reads `Throwable` fields by
 * reflection, which Java 17 allows only with `--add-opens java.base/java.lang`.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from 'paytoken-sandbox';
import { copyOf, filesUnder, patch, run, runnerArgs } from './common';

/** The jars of /usr/share/java the SDK's pom asks for (or Debian's version of them), each with its apt package. */
const JARS: Record<string, string> = {
  'gson.jar': 'libgoogle-gson-java',
  'lombok.jar': 'liblombok-java',
  'httpclient.jar': 'libhttpclient-java',
  'httpcore.jar': 'libhttpcore-java',
  'httpmime.jar': 'libhttpmime-java',
  'httpclient-cache.jar': 'libhttpclient-java',
  'commons-codec.jar': 'libcommons-codec-java',
  'commons-logging.jar': 'libcommons-logging-java',
  'slf4j-api.jar': 'libslf4j-java',
  'slf4j-simple.jar': 'libslf4j-java',
  'junit4.jar': 'junit4',
  'hamcrest-all.jar': 'libhamcrest-java',
  'log4j-1.2.jar': 'liblog4j1.2-java',
  'commons-httpclient.jar': 'libcommons-httpclient-java',
};

const { sdk, timeoutMs, strict } = runnerArgs('java-sdk.ts');
const missing = Object.keys(JARS).filter((jar) => !existsSync(`/usr/share/java/${jar}`));
if (missing.length) throw new Error(`missing jars: apt-get install ${[...new Set(missing.map((j) => JARS[j]))].join(' ')}`);
const classpath = Object.keys(JARS).map((jar) => `/usr/share/java/${jar}`);

const copy = copyOf(sdk, 'openpay-java');
const sandbox = await startSandbox({ lenient: !strict, port: 0, db: ':memory:' });
try {
  patchSdk(copy, sandbox.url, sandbox.merchantId, sandbox.privateKey);
  const out = join(copy, 'out');
  await compile(copy, 'src/main/java', join(out, 'main'), classpath);
  await compile(copy, 'src/test', join(out, 'test'), [join(out, 'main'), ...classpath]);
  const suite = join(copy, 'src/test/integration');
  const classes = filesUnder(join(suite, 'mx/openpay/core/client/full'), 'Test.java')
    .concat(filesUnder(join(suite, 'mx/openpay/core/client/full/groups'), '.java'))
    .filter((f) => !f.endsWith('BaseTest.java'))
    .map((f) => f.slice(suite.length + 1, -'.java'.length).replaceAll('/', '.'));
  const cp = [join(out, 'test'), join(out, 'main'), ...classpath].join(':');
  const { output } = await run(
    'java',
    ['--add-opens', 'java.base/java.lang=ALL-UNNAMED', '-cp', cp, 'org.junit.runner.JUnitCore', ...new Set(classes)],
    {
      timeoutMs,
    },
  );
  writeFileSync(join(copy, 'junit.log'), output);
  report(output, join(copy, 'junit.log'));
} finally {
  await sandbox.close();
}

/** The patches of the header's list, on the copy at `dir`. */
function patchSdk(dir: string, url: string, merchantId: string, privateKey: string): void {
  patch(join(dir, 'src/main/java/mx/openpay/client/core/JsonServiceClient.java'), [
    ['baseUri.append(location.replace("http:", "https:"));', 'baseUri.append(location);'],
  ]);
  const plain = 'org.apache.http.conn.socket.PlainConnectionSocketFactory.getSocketFactory()';
  patch(join(dir, 'src/main/java/mx/openpay/client/core/impl/DefaultHttpServiceClient.java'), [
    [/\.register\("https", sslSocketFactory\)/g, `.register("https", sslSocketFactory).register("http", ${plain})`],
  ]);
  for (const file of filesUnder(join(dir, 'src/test'), '.java')) {
    patch(
      file,
      [
        [/https:\/\/dev-api\.openpay\.mx\/?/g, `${url}/`],
        [/"sk_[0-9a-z]{20,40}"/g, `"${privateKey}"`],
        [/"m[0-9a-z]{19}"/g, `"${merchantId}"`],
        [/\.expirationYear\((14|20|23|25)\)/g, '.expirationYear(30)'],
        [/is\("25"\)/g, 'is("30")'],
      ],
      false,
    );
  }
}

/** javac of every .java file under `dir/from` into `to` (Lombok's annotation processor on). @throws on errors. */
async function compile(dir: string, from: string, to: string, cp: string[]): Promise<void> {
  const sources = filesUnder(join(dir, from), '.java');
  const args = ['-nowarn', '-encoding', 'UTF-8', '-d', to, '-cp', cp.join(':'), '-processorpath', '/usr/share/java/lombok.jar', ...sources];
  const { output, status } = await run('javac', args, { timeoutMs });
  if (status !== 0) throw new Error(`javac ${from} failed:\n${output}`);
}

/** Prints JUnit's figures and the failed tests (each once: a test and its tearDown may both fail), by first line. */
function report(output: string, log: string): void {
  const figures = /Tests run: (\d+),\s+Failures: (\d+)/.exec(output) ?? /OK \((\d+) tests?\)/.exec(output);
  if (!figures) throw new Error(`no JUnit summary (timed out?): see ${log}`);
  const failed = new Map<string, string>();
  for (const m of output.matchAll(/^\d+\) (\S+)\n(.*)$/gm))
    if (!failed.has(m[1]!)) failed.set(m[1]!, m[2]!.replace(/requestId=[^,]*, /, '').replace(/\b[a-z0-9]{20}\b/g, 'ID'));
  const total = Number(figures[1]);
  console.log(
    `tests run ${total}, passed ${total - failed.size}, failed ${failed.size} (JUnit's failure count: ${figures[2] ?? 0}); log: ${log}`,
  );
  const byCause = new Map<string, string[]>();
  for (const [test, cause] of failed) byCause.set(cause.slice(0, 160), [...(byCause.get(cause.slice(0, 160)) ?? []), test]);
  for (const [cause, tests] of [...byCause].sort((a, b) => b[1].length - a[1].length))
    console.log(`${tests.length}\t${cause}\n\t${tests.join(' ')}`);
}
