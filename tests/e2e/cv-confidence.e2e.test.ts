import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2eStack } from './harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
type Body = Record<string, any>;

// An invented person, her CV as a form-like export: labels, a two-line header, entries with the dates first.
const CV = `JONAS OKAFOR-BREMER
Software Developer
E-mail: jonas.okafor@example.net
Mobile: +49 151 23456789
Address: Hafenstraße 12, 20457 Hamburg, Germany

PROFESSIONAL EXPERIENCE
03/2019 - present   Backend Developer, Fabrikam Logistics GmbH, Hamburg
- Wrote order routing services in Java and Kotlin
06/2016 - 02/2019   Software Engineer, Tailspin Media AG, Bremen
- Maintained the video catalogue API

EDUCATION
2012 - 2016   Bachelor of Science in Computer Science, University of Bremen
`;

describe('CV field confidence end to end (REST → gateway → documents)', () => {
  const e2e = new E2eStack();
  let apiKey: string;

  beforeAll(async () => {
    await e2e.start();
    apiKey = (await e2e.createWorkspace('cv-confidence', 100)).apiKey;
  });
  afterAll(() => e2e.stop());

  it('gives each field a confidence and the passage it came from; an edited field loses its own', async () => {
    const ids = await e2e.analyzeAll('cvs', apiKey, [CV], { block: true });
    const cv = (await e2e.json('GET', `/cvs/${ids[0]}`, apiKey)).body.data as Body;
    const c = cv.field_confidence as Body;
    expect(c.information.email.evidence).toBe('E-mail: jonas.okafor@example.net');
    expect(c.information.email.confidence).toBeGreaterThanOrEqual(0.9);
    expect(c.information.name.evidence).toBe('JONAS OKAFOR-BREMER');
    expect(c.information.phone.evidence).toBe('Mobile: +49 151 23456789');
    expect(c.experience).toHaveLength(cv.experience.length);
    expect(c.education).toHaveLength(cv.education.length);
    for (const entry of [...Object.values(c.information), c.experience[0].title, c.education[0].institution_name]) {
      expect(CV).toContain((entry as Body).evidence);
      expect((entry as Body).confidence).toBeGreaterThanOrEqual(0);
      expect((entry as Body).confidence).toBeLessThanOrEqual(1);
    }

    // A person's edit replaces the analyzer's reading: the edited fields' confidence goes, the others stay.
    const put = await e2e.json('PUT', `/cvs/${ids[0]}`, apiKey, {
      information: { email: ['jonas@example.org'] },
      experience: [{ ...cv.experience[0], title: 'Senior Backend Developer' }],
      content_language: 'en',
    });
    expect(put.status).toBe(200);
    const edited = (await e2e.json('GET', `/cvs/${ids[0]}`, apiKey)).body.data as Body;
    expect(edited.information.email).toEqual(['jonas@example.org']);
    expect(edited.field_confidence.information.email).toBeUndefined();
    expect(edited.field_confidence.information.name).toEqual(c.information.name);
    expect(edited.field_confidence.experience).toEqual([{}]);
    expect(edited.field_confidence.education).toEqual(c.education);
  });
});
