import { describe, expect, it } from 'vitest';
import { csvField, neutraliseCell } from './reports';
import { aggregateSurvey, surveyQuestions, surveyText } from './survey-results';

const model = JSON.stringify({
  pages: [
    {
      elements: [
        { type: 'rating', name: 'nps', rateMin: 0, rateMax: 10 },
        { type: 'rating', name: 'stars', title: { default: 'Stars', fr: 'Étoiles' } },
        { type: 'panel', elements: [{ type: 'dropdown', name: 'city', choices: ['Roma', 'Torino'], hasOther: true }] },
        { type: 'boolean', name: 'ok', hasComment: true },
        { type: 'html', name: 'intro' },
      ],
    },
  ],
});

describe('survey results', () => {
  it('reads the questions of a model, panels opened, comments as text questions', () => {
    const qs = surveyQuestions(model);
    expect(qs?.map((q) => [q.name, q.kind])).toEqual([
      ['nps', 'nps'],
      ['stars', 'rating'],
      ['city', 'choice'],
      ['ok', 'boolean'],
      ['ok-Comment', 'text'],
    ]);
    expect(surveyQuestions('not json')).toBeNull();
    expect(surveyText({ default: 'Stars', fr: 'Étoiles' }, 'fr')).toBe('Étoiles');
    expect(surveyText({ default: 'Stars', fr: 'Étoiles' }, 'it')).toBe('Stars');
  });

  it('NPS 9, 7, 3 is 0 with one promoter, one passive, one detractor', () => {
    const r = aggregateSurvey(
      model,
      [9, 7, 3].map((nps, i) => ({ organizationName: `O${i}`, data: { nps } })),
    );
    expect(r?.questions[0]).toMatchObject({
      kind: 'nps',
      score: 0,
      promoters: 1,
      passives: 1,
      detractors: 1,
      answered: 3,
    });
    const all = aggregateSurvey(model, [{ organizationName: 'A', data: { nps: 10 } }]);
    expect(all?.questions[0]).toMatchObject({ score: 100 });
  });

  it('rating distribution and mean; choice counts, shares and other texts; boolean split', () => {
    const r = aggregateSurvey(model, [
      { organizationName: 'A', data: { stars: 5, city: 'Roma', ok: true, 'ok-Comment': 'bene' } },
      { organizationName: 'B', data: { stars: 2, city: 'other', 'city-Comment': 'Milano', ok: false } },
      { organizationName: 'C', data: { stars: 99, city: 'Roma' } },
      { organizationName: 'D', data: 'not an object' },
    ]);
    expect(r?.submissions).toBe(3);
    const stars = r?.questions[1];
    expect(stars).toMatchObject({ kind: 'rating', answered: 2, mean: 3.5 });
    const city = r?.questions[2];
    if (city?.kind !== 'choice') throw new Error('choice');
    expect(city.choices.map((c) => [c.value, c.count, c.share])).toEqual([
      ['Roma', 2, 66.7],
      ['Torino', 0, 0],
      ['other', 1, 33.3],
    ]);
    expect(city.otherTexts).toEqual([{ organizationName: 'B', text: 'Milano' }]);
    expect(r?.questions[3]).toMatchObject({ kind: 'boolean', yes: 1, no: 1 });
    expect(r?.questions[4]).toMatchObject({ kind: 'text', answers: [{ organizationName: 'A', text: 'bene' }] });
  });
});

describe('export cells', () => {
  it('neutralises formulas and quotes CSV fields', () => {
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1']) expect(neutraliseCell(f).startsWith("'")).toBe(true);
    expect(neutraliseCell('città')).toBe('città');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });
});
