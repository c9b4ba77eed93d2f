/**
 * The package in `package` and `registry_package` bodies, as GitHub's own payloads have it: one
 * package per body, named after the repository, of one registry type, at one version that its page,
 * install command, files and release all agree on; the registry is GitHub's for that type.
 */
import { hex, uuidV4 } from '../shared/ids.js';
import type { FillPlan, Shape, ShapePath } from '../shared/shape.js';
import { fact, idOf, placeOf, topPlace, type Places } from './routes.js';
import { WEB } from './users.js';

/** The registries GitHub Packages hosts. */
const PACKAGE_TYPES = ['npm', 'maven', 'rubygems', 'docker', 'nuget', 'container'] as const;
const EVENTS: ReadonlySet<string> = new Set(['package', 'registry_package']);
const ABOUT_URL = 'https://docs.github.com/packages/learn-github-packages/introduction-to-github-packages';
/** The file a version of each type publishes (container images publish layers, not files). */
const FILE_EXTENSIONS: Readonly<Record<string, string>> = { npm: '.tgz', rubygems: '.gem', nuget: '.nupkg', maven: '.jar' };

/** What one body's package is: drawn once per body. */
interface PackageFacts {
  readonly type: string;
  readonly name: string;
  readonly version: string;
}

const factsOf = (body: Places): PackageFacts =>
  fact(body, 'package', ({ scene }) => {
    const type = scene.pick(PACKAGE_TYPES);
    return { type, name: scene.repo.name, version: `${scene.int(0, 4)}.${scene.int(0, 30)}.${scene.int(0, 20)}` };
  });

type Make = (body: Places) => string;

/** The install command GitHub shows for a version. */
function installCommand(body: Places): string {
  const { type, name, version } = factsOf(body);
  const owner = body.scene.owner.login;
  if (type === 'npm') return `npm install @${owner.toLowerCase()}/${name}@${version}`;
  if (type === 'docker' || type === 'container') return `docker pull ghcr.io/${owner.toLowerCase()}/${name}:${version}`;
  if (type === 'rubygems') return `gem install ${name} --version "${version}"`;
  if (type === 'nuget') return `dotnet add package ${name} --version ${version}`;
  return `mvn install:install-file -DgroupId=com.${owner.toLowerCase()} -DartifactId=${name} -Dversion=${version}`;
}

/** Where the registry of the body's package type is (`https://npm.pkg.github.com/@owner`, `https://ghcr.io/owner`). */
function registryUrl(body: Places): string {
  const { type } = factsOf(body);
  const owner = body.scene.owner.login;
  if (type === 'container') return `https://ghcr.io/${owner}`;
  return type === 'npm' ? `https://npm.pkg.github.com/@${owner}` : `https://${type}.pkg.github.com/${owner}`;
}

const REGISTRY_KEYS = ['about_url', 'name', 'type', 'url', 'vendor'] as const;

/** GitHub's registry of the body's package type, as `registry` names it. */
function registry(body: Places): Readonly<Record<(typeof REGISTRY_KEYS)[number], string>> {
  const { type } = factsOf(body);
  return { about_url: ABOUT_URL, name: `GitHub ${type} registry`, type, url: registryUrl(body), vendor: 'GitHub Inc' };
}

/** A version's page: under the repository for `package` events, under its owner's packages for `registry_package`. */
function versionPage(event: string, versionPlace: string): Make {
  if (event === 'package') {
    return (body) => `${body.scene.repo.html}/packages/${idOf(body, topPlace('package'))}?version=${factsOf(body).version}`;
  }
  return (body) => {
    const { owner } = body.scene;
    const { type, name } = factsOf(body);
    return `${WEB}/${owner.type === 'Organization' ? 'orgs' : 'users'}/${owner.login}/packages/${type}/${name}/${idOf(body, versionPlace)}`;
  };
}

/**
 * The filler of a string (or the free-form `registry` object) at `path` of a package event's body,
 * or `undefined` for what the shared planner makes (ids, people, times).
 */
export function planPackage(event: string, path: ShapePath, node: Exclude<Shape, { ref: string }>): FillPlan<Places> | undefined {
  if (!EVENTS.has(event) || path[0] !== event) return undefined;
  const key = path[path.length - 1];
  // A schema that leaves the registry a free-form object still gets GitHub's registry in it.
  if (node === 'map' && key === 'registry' && path.length === 2) {
    return { always: registry };
  }
  if (node !== 'string' && !(typeof node === 'object' && 'format' in node && node.format === 'uri')) return undefined;
  const make = maker(event, path, String(key));
  return make ? { always: make } : undefined;
}

function maker(event: string, path: ShapePath, key: string): Make | undefined {
  const [, part, inner] = path;
  const version: Make = (body) => factsOf(body).version;
  const branch: Make = (body) => body.scene.repo.defaultBranch;
  if (path.length === 2) {
    if (key === 'name') return (body) => factsOf(body).name;
    if (key === 'namespace') return (body) => body.scene.repo.fullName;
    if (key === 'ecosystem' || key === 'package_type') return (body) => factsOf(body).type;
    if (key === 'html_url') return (body) => `${body.scene.repo.html}/packages/${idOf(body, topPlace(event))}`;
    return undefined;
  }
  if (part === 'registry' && path.length === 3) {
    const field = REGISTRY_KEYS.find((name) => name === key);
    return field ? (body) => registry(body)[field] : undefined;
  }
  if (part !== 'package_version') return undefined;
  if (path.length === 3) {
    if (key === 'version' || key === 'tag_name') return version;
    if (key === 'name') return (body) => factsOf(body).name;
    if (key === 'target_commitish') return branch;
    if (key === 'html_url') return versionPage(event, placeOf(path, 2));
    if (key === 'installation_command') return installCommand;
    if (key === 'package_url') return (body) => `${registryUrl(body).replace(/^https:\/\//, '')}/${factsOf(body).name}:${factsOf(body).version}`;
    return undefined;
  }
  if (inner === 'release' && path.length === 4) {
    if (key === 'tag_name' || key === 'name') return version;
    if (key === 'target_commitish') return branch;
    if (key === 'html_url') return (body) => `${body.scene.repo.html}/releases/tag/${factsOf(body).version}`;
    return undefined;
  }
  if (inner === 'package_files' && path.length === 5) {
    if (key === 'name') return (body) => `${factsOf(body).name}-${factsOf(body).version}${FILE_EXTENSIONS[factsOf(body).type] ?? '.tar'}`;
    if (key === 'sha256') return ({ scene }) => hex(scene.faker, 64);
    if (key === 'sha1') return ({ scene }) => hex(scene.faker, 40);
    if (key === 'md5') return ({ scene }) => hex(scene.faker, 32);
    if (key === 'content_type') return () => 'application/octet-stream';
    if (key === 'state') return () => 'uploaded';
    if (key === 'download_url') return ({ scene }) => `https://github-production-package-file-4f11e5.s3.amazonaws.com/${scene.repo.id}/${uuidV4(scene.faker)}`;
  }
  return undefined;
}
