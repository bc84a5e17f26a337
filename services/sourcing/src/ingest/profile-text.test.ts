import { describe, expect, it } from 'vitest';
import type { SourcedProfile } from '../providers/provider.js';
import { profileAsCvText } from './profile-text.js';

const profile: SourcedProfile = {
  id: 'p7',
  full_name: 'Lena Fictional',
  headline: 'Site Reliability Engineer',
  location: 'Vienna, Austria',
  seniority: 'senior',
  summary: 'Runs Kubernetes platforms.',
  experience: [
    { title: 'SRE', company: 'Example GmbH', start_date: '2020-04', end_date: null, is_current: true, location: 'Vienna', summary: 'On-call lead.' },
    { title: 'Sysadmin', company: 'Sample AG', start_date: '2016', end_date: '2020-03', is_current: false, location: null, summary: null },
  ],
  education: [{ school: 'Example University of Technology', degree: 'Master of Science', major: 'Computer Engineering', start_date: '2012', end_date: '2014' }],
  skills: ['Kubernetes', 'Terraform'],
  languages: ['German', 'English'],
  links: [{ type: 'linkedin', url: 'https://linkedin.example/lena' }],
  emails: ['lena@example.com'],
  phones: ['+43 555 0100'],
  source: 'directory',
  updated_at: '2026-10-01',
};

describe('a sourced profile as CV text', () => {
  it('writes the sections and dates a CV analyzer reads', () => {
    const text = profileAsCvText({ position: 0, profile, insights: false, emailRevealed: true, phoneRevealed: false });
    expect(text).toContain('Lena Fictional\nSite Reliability Engineer');
    expect(text).toContain('Experience\n\nSRE at Example GmbH\nApr 2020 - Present | Vienna\nOn-call lead.');
    expect(text).toContain('Sysadmin at Sample AG\n2016 - Mar 2020');
    expect(text).toContain('Master of Science in Computer Engineering, Example University of Technology\n2012 - 2014');
    expect(text).toContain('Skills\nKubernetes, Terraform');
    expect(text).toContain('Email: lena@example.com');
  });

  it('leaves out contacts that were not revealed, and is the same text every time', () => {
    const hidden = { position: 0, profile, insights: true, emailRevealed: false, phoneRevealed: false };
    const text = profileAsCvText(hidden);
    expect(text).not.toContain('lena@example.com');
    expect(text).not.toContain('0100');
    expect(profileAsCvText(hidden)).toBe(text);
  });
});
