// tsconfig.web.json, CI's one type-check of the web packages (scripts/test.mjs): it must cover
// exactly what each of them checks alone, or a file one team type-checks would go unchecked in CI.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');

interface TsConfig {
  extends?: string;
  compilerOptions?: Record<string, unknown>;
  include?: string[];
}

function readTsConfig(file: string): TsConfig {
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error)
    throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  return config as TsConfig;
}

/** The workspaces whose tsconfig.json takes the root's compiler options as they are. */
function webPackages(): { dir: string; config: TsConfig }[] {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  return workspaces
    .filter((dir) => fs.existsSync(path.join(ROOT, dir, 'tsconfig.json')))
    .map((dir) => ({ dir, config: readTsConfig(path.join(ROOT, dir, 'tsconfig.json')) }))
    .filter(({ config }) => config.compilerOptions === undefined);
}

const combined = readTsConfig(path.join(ROOT, 'tsconfig.web.json'));

it('takes the root compiler options with none of its own', () => {
  expect(combined.extends).toBe('./tsconfig.json');
  expect(combined.compilerOptions).toBeUndefined();
});

it("includes exactly what every web package's own tsconfig.json includes", () => {
  const packages = webPackages();
  expect(packages.map(({ dir }) => dir)).toEqual(
    expect.arrayContaining(['shared-lib', 'shell', 'mfe-setup']),
  );
  const expected = packages.flatMap(({ dir, config }) =>
    (config.include ?? []).map((entry) => `${dir}/${entry}`),
  );
  expect([...(combined.include ?? [])].sort()).toEqual([...expected].sort());
});
