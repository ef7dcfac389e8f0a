const { Compilation, sources } = require('webpack');

const NAME = 'PreloadManifestPlugin';

/** The files (scripts and stylesheets, no source maps) of a chunk group's chunks. */
const filesOf = (group) => group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => /\.(js|css)$/.test(file)));

/**
 * Writes preload.json beside the build: for each named chunk group (a page's lazy chunk, an exposed
 * module, the shell's bootstrap), the files the browser fetches when it is loaded, and under "shared"
 * those of the shared libraries this app provides (react, the router…). The shell's server reads it
 * to ask for a page's files in the HTML, before any script runs (scripts/lib/first-screen.mjs).
 */
class PreloadManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const groups = {};
        const add = (key, group) => {
          groups[key] = [...new Set([...(groups[key] ?? []), ...filesOf(group)])];
        };
        for (const group of compilation.chunkGroups) {
          if (group.name && !group.isInitial()) add(group.name, group);
          else if (group.origins.some((origin) => origin.module?.constructor.name === 'ProvideSharedModule')) add('shared', group);
        }
        compilation.emitAsset('preload.json', new sources.RawSource(JSON.stringify(groups)));
      });
    });
  }
}

module.exports = { PreloadManifestPlugin };
