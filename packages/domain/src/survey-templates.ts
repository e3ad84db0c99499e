import { QUIZ_QUESTION_COUNT } from './quiz';

/**
 * Models the survey creator starts from (SurveyJS JSON). Texts are localised strings whose
 * `default` is the content's default language, Italian (SURVEY_DEFAULT_LOCALE), so the survey
 * speaks the applicant's language. Written here English first, as they were drafted.
 */
type TLocalised = { default: string; en: string; fr: string };
const l = (en: string, it: string, fr: string): TLocalised => ({ default: it, en, fr });

/** SPEC 5 "NPS survey template", SPEC 9: rating 0 to 10; promoters pick at most two features. */
export const NPS_TEMPLATE = {
  title: l('Net Promoter Score', 'Net Promoter Score', 'Net Promoter Score'),
  pages: [
    {
      name: 'nps',
      elements: [
        {
          type: 'rating',
          name: 'nps_score',
          title: l(
            'How likely are you to recommend this programme to a friend or colleague?',
            'Quanto è probabile che consigli questo programma a un amico o a un collega?',
            'Quelle est la probabilité que vous recommandiez ce programme à un ami ou un collègue ?',
          ),
          isRequired: true,
          rateMin: 0,
          rateMax: 10,
          // Eleven buttons, never SurveyJS's narrow-screen drop-down: the scale is the question.
          displayMode: 'buttons',
          minRateDescription: l('Not at all likely', 'Per niente probabile', 'Pas du tout probable'),
          maxRateDescription: l('Extremely likely', 'Estremamente probabile', 'Très probable'),
        },
        {
          type: 'checkbox',
          name: 'promoter_features',
          visibleIf: '{nps_score} >= 9',
          isRequired: true,
          title: l(
            'Which features do you value most?',
            'Quali funzionalità apprezzi di più?',
            'Quelles fonctionnalités appréciez-vous le plus ?',
          ),
          description: l('Two features maximum', 'Massimo due funzionalità', 'Deux fonctionnalités maximum'),
          maxSelectedChoices: 2,
          validators: [
            {
              type: 'expression',
              expression: 'count({promoter_features}) <= 2',
              text: l('Two features maximum', 'Massimo due funzionalità', 'Deux fonctionnalités maximum'),
            },
          ],
          choices: [
            { value: 'ease', text: l('Ease of use', 'Facilità d’uso', 'Facilité d’utilisation') },
            { value: 'support', text: l('Support from the team', 'Supporto del team', 'Soutien de l’équipe') },
            { value: 'funding', text: l('Funding', 'Finanziamento', 'Financement') },
            { value: 'network', text: l('Network of peers', 'Rete di pari', 'Réseau de pairs') },
            { value: 'impact', text: l('Impact measurement', 'Misura dell’impatto', 'Mesure d’impact') },
          ],
        },
        {
          type: 'comment',
          name: 'passive_comment',
          visibleIf: '{nps_score} >= 7 and {nps_score} <= 8',
          title: l(
            'What would make you rate us higher?',
            'Cosa ti farebbe dare un voto più alto?',
            'Qu’est-ce qui vous ferait nous donner une meilleure note ?',
          ),
        },
        {
          type: 'comment',
          name: 'detractor_comment',
          visibleIf: '{nps_score} <= 6',
          title: l(
            'What disappointed you? How can we improve?',
            'Cosa ti ha deluso? Come possiamo migliorare?',
            'Qu’est-ce qui vous a déçu ? Comment pouvons-nous nous améliorer ?',
          ),
        },
      ],
    },
  ],
};

/** SPEC 9: a quiz has 12 questions; each has a `correctAnswer` (kept on the server). */
export const QUIZ_TEMPLATE = {
  title: l('Quiz', 'Quiz', 'Quiz'),
  pages: [
    {
      name: 'quiz',
      elements: Array.from({ length: QUIZ_QUESTION_COUNT }, (_, i) => ({
        type: 'radiogroup',
        name: `q${i + 1}`,
        title: l(`Question ${i + 1}`, `Domanda ${i + 1}`, `Question ${i + 1}`),
        isRequired: true,
        choices: [
          { value: 'a', text: l('Answer A', 'Risposta A', 'Réponse A') },
          { value: 'b', text: l('Answer B', 'Risposta B', 'Réponse B') },
          { value: 'c', text: l('Answer C', 'Risposta C', 'Réponse C') },
        ],
        correctAnswer: 'a',
      })),
    },
  ],
};

export const BLANK_SURVEY_TEMPLATE = { pages: [{ name: 'page1', elements: [] }] };

export const SURVEY_TEMPLATES = {
  blank: BLANK_SURVEY_TEMPLATE,
  nps: NPS_TEMPLATE,
  quiz: QUIZ_TEMPLATE,
} as const;
export type TSurveyTemplateName = keyof typeof SURVEY_TEMPLATES;
