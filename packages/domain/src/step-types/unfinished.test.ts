import { describe, expect, it } from 'vitest';
import { unfinishedStepProblems } from './index';

const keys = (name: string, content: string, type: string) =>
  unfinishedStepProblems({ name, content }, type).map((p) => `${p.field}:${p.messageKey}`);

describe('what keeps a step from being published', () => {
  it('asks every step for a name', () => {
    expect(keys('  ', '', 'results')).toEqual(['name:errors.calls.unfinished.stepNoName']);
    expect(keys('Risultati', '', 'results')).toEqual([]);
  });

  it('asks a text step for a question that shows some words, or for its questions', () => {
    expect(keys('Progetto', JSON.stringify({ question: '' }), 'text')).toEqual([
      'content:errors.calls.unfinished.textNoQuestion',
    ]);
    expect(keys('Progetto', JSON.stringify({ question: '<p>&nbsp;</p>' }), 'text')).toEqual([
      'content:errors.calls.unfinished.textNoQuestion',
    ]);
    expect(keys('Progetto', JSON.stringify({ question: '<p>Descrivi il progetto.</p>' }), 'text')).toEqual([]);
    // What the sanitiser takes out whole shows nothing.
    expect(keys('Progetto', JSON.stringify({ question: '<script>Perché</script><style>p{}</style>' }), 'text')).toEqual(
      ['content:errors.calls.unfinished.textNoQuestion'],
    );
    const questions = [{ id: 'a', label: 'Budget', required: true }];
    expect(keys('Progetto', JSON.stringify({ question: '', questions }), 'text')).toEqual([]);
  });

  it('asks an upload step for at least one file', () => {
    expect(keys('Documenti', '[]', 'upload')).toEqual(['content:errors.calls.unfinished.uploadNoFile']);
    const slot = { file_name: 'Bilancio', file_description: '', file_type: 'pdf', dimensions: 1000, mandatory: true };
    expect(keys('Documenti', JSON.stringify([slot]), 'upload')).toEqual([]);
  });

  it('asks a survey or a quiz for a question, at any depth of its model', () => {
    for (const type of ['survey', 'quiz']) {
      expect(keys('Sondaggio', '', type)).toEqual(['content:errors.calls.unfinished.surveyNoQuestion']);
      expect(keys('Sondaggio', JSON.stringify({ pages: [{ name: 'p1', elements: [] }] }), type)).toEqual([
        'content:errors.calls.unfinished.surveyNoQuestion',
      ]);
      const asking = { pages: [{ name: 'p1', elements: [{ type: 'text', name: 'q1' }] }] };
      expect(keys('Sondaggio', JSON.stringify(asking), type)).toEqual([]);
      expect(keys('Sondaggio', JSON.stringify({ questions: [{ type: 'text', name: 'q1' }] }), type)).toEqual([]);
      // A panel, a text or an image alone asks nothing; a question inside a panel does.
      const showing = [
        { type: 'panel', name: 'p', elements: [{ type: 'html', name: 'h', html: '<p>Ciao</p>' }] },
        { type: 'image', name: 'i' },
      ];
      expect(keys('Sondaggio', JSON.stringify({ pages: [{ name: 'p1', elements: showing }] }), type)).toEqual([
        'content:errors.calls.unfinished.surveyNoQuestion',
      ]);
      const nested = [{ type: 'panel', name: 'p', elements: [{ type: 'rating', name: 'r' }] }];
      expect(keys('Sondaggio', JSON.stringify({ pages: [{ name: 'p1', elements: nested }] }), type)).toEqual([]);
    }
  });
});
