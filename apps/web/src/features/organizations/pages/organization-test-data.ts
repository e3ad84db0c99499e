import type { TOrganization } from '@impact/domain';

/** An organization as the server gives it to its owner: test data only, imported by tests. */
export const sampleOrganization: TOrganization = {
  id: '00000000-0000-4000-8000-000000000011',
  name: 'Cooperativa Il Faro',
  reg_number: '01234567890',
  street_name: 'Via Roma 1',
  city_name: 'Bologna',
  country: 'IT',
  date_of_foundation: '1998-03-15',
  contact_name: 'Giulia',
  contact_surname: 'Rossi',
  contact_role: 'Presidente',
  contact_email: 'giulia@ilfaro.it',
  personalData: true,
  selfCertification: false,
  termsOfService: false,
  nordicCountry: false,
  preFunding: false,
  chnageInLife: false,
  role: 'owner',
  updatedAt: '2027-01-01T00:00:00.000Z',
};
