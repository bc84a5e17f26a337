/** Europass XML (V3 and V2 schemas) written out as CV text, and what the rules analyzer reads from it. */
import { describe, expect, it } from 'vitest';
import { createRulesAnalyzer } from '@talent/analysis';
import { europassText, usableEuropassText } from '../src/extraction/europass.js';

const V3 = `<?xml version="1.0" encoding="UTF-8"?>
<SkillsPassport xmlns="http://europass.cedefop.europa.eu/Europass" locale="en">
  <LearnerInfo>
    <Identification>
      <PersonName><FirstName>Greta</FirstName><Surname>Lindqvist</Surname></PersonName>
      <ContactInfo>
        <Address><Contact><AddressLine>Storgatan 4</AddressLine><PostalCode>41138</PostalCode>
          <Municipality>Göteborg</Municipality><Country><Code>SE</Code><Label>Sweden</Label></Country></Contact></Address>
        <Email><Contact>greta.lindqvist@example.se</Contact></Email>
        <TelephoneList><Telephone><Contact>+46 70 123 45 67</Contact></Telephone></TelephoneList>
      </ContactInfo>
    </Identification>
    <WorkExperienceList>
      <WorkExperience>
        <Period><From year="2019" month="--04"/><Current>true</Current></Period>
        <Position><Label>Quality Engineer</Label></Position>
        <Activities>&lt;p&gt;Ran supplier audits for brake components.&lt;/p&gt;</Activities>
        <Employer><Name>Kattegat Automotive AB</Name>
          <ContactInfo><Address><Contact><Municipality>Göteborg</Municipality><Country><Label>Sweden</Label></Country></Contact></Address></ContactInfo>
        </Employer>
      </WorkExperience>
    </WorkExperienceList>
    <EducationList>
      <Education>
        <Period><From year="2014" month="--09"/><To year="2018" month="--06"/></Period>
        <Title>Master of Science in Mechanical Engineering</Title>
        <Organisation><Name>Chalmers University of Technology</Name></Organisation>
      </Education>
    </EducationList>
  </LearnerInfo>
</SkillsPassport>`;

const V2 = `<?xml version="1.0" encoding="UTF-8"?>
<europass:learnerinfo xmlns:europass="http://europass.cedefop.europa.eu/Europass/V2.0" locale="en">
  <identification>
    <firstname>Tomás</firstname><lastname>Ybarra</lastname>
    <contactinfo><email>tomas.ybarra@example.org</email><mobile>+34 611 222 333</mobile></contactinfo>
  </identification>
  <workexperiencelist>
    <workexperience>
      <period><from><year>2016</year><month>--02</month></from><to><year>2020</year><month>--11</month></to></period>
      <position><label>Sales Representative</label></position>
      <employer><name>Olivar Foods S.L.</name></employer>
    </workexperience>
  </workexperiencelist>
</europass:learnerinfo>`;

const EMPTY = `<europass:learnerinfo xmlns:europass="http://europass.cedefop.europa.eu/Europass/V2.0">
  <identification><firstname>Nadia</firstname><lastname>Petrova</lastname></identification>
</europass:learnerinfo>`;

describe('Europass XML', () => {
  it('writes a V3 document as a CV text the analyzer reads field by field', async () => {
    const text = europassText(V3)!;
    const cv = await createRulesAnalyzer(
      { link: async (_t, language) => ({ skills: [], language }) },
      { now: () => new Date('2025-06-15T00:00:00Z') },
    ).analyzeCv(text);
    expect([cv.information.first_name, cv.information.last_name]).toEqual(['Greta', 'Lindqvist']);
    expect(cv.information.email).toEqual(['greta.lindqvist@example.se']);
    expect(cv.information.phone).toEqual(['+46701234567']);
    expect(cv.experience.map((e) => [e.title, e.description.split('\n')[0], e.start_date, e.end_date])).toEqual([
      ['Quality Engineer', 'Kattegat Automotive AB, Göteborg, Sweden', '2019-04', '2025-06'],
    ]);
    expect(cv.education.map((e) => [e.degree, e.major, e.institution_name, e.start_date, e.end_date])).toEqual([
      ['Master of Science', 'Mechanical Engineering', 'Chalmers University of Technology', '2014-09', '2018-06'],
    ]);
  });

  it('reads the V2 schema (lowercase tags, dates as child elements)', () => {
    expect(europassText(V2)).toBe(
      [
        'Tomás Ybarra',
        'Phone: +34 611 222 333',
        'Email: tomas.ybarra@example.org',
        '',
        'Work experience',
        '',
        'Sales Representative',
        'Olivar Foods S.L.',
        '02/2016 – 11/2020',
      ].join('\n'),
    );
  });

  it('is used only when it holds more than a name, and never for other XML', () => {
    expect(usableEuropassText(EMPTY)).toBeUndefined();
    expect(usableEuropassText('<invoice><total>12</total></invoice>')).toBeUndefined();
    expect(usableEuropassText('not xml at all <')).toBeUndefined();
    expect(usableEuropassText(V2)).toContain('Sales Representative');
  });
});
