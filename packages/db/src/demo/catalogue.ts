// The vocabulary the demo generator draws from: therapeutic areas, organisations, places, people.
export const AREAS = [
  { prefix: 'ONC', area: 'Oncology', titles: ['Pembrolizumab plus chemotherapy in advanced non-small cell lung cancer', 'Adjuvant CDK4/6 inhibition in HR-positive early breast cancer', 'PARP inhibitor maintenance in platinum-sensitive ovarian cancer'] },
  { prefix: 'CARD', area: 'Cardiology', titles: ['SGLT2 inhibition in heart failure with preserved ejection fraction', 'Factor XIa inhibitor for stroke prevention in atrial fibrillation', 'PCSK9 siRNA for LDL-cholesterol lowering after myocardial infarction'] },
  { prefix: 'NEUR', area: 'Neurology', titles: ['Anti-amyloid antibody in early symptomatic Alzheimer disease', 'CGRP receptor antagonist for preventive treatment of episodic migraine', 'BTK inhibitor in relapsing multiple sclerosis'] },
  { prefix: 'IMM', area: 'Immunology', titles: ['IL-23 inhibitor in moderate-to-severe ulcerative colitis', 'JAK1 inhibitor in moderate-to-severe atopic dermatitis', 'Anti-CD20 therapy in systemic lupus erythematosus'] },
  { prefix: 'ENDO', area: 'Endocrinology', titles: ['Once-weekly GLP-1 agonist in type 2 diabetes with obesity', 'Oral basal insulin analogue versus insulin glargine', 'Dual GIP/GLP-1 agonist for weight management'] },
  { prefix: 'RESP', area: 'Respiratory', titles: ['Anti-TSLP antibody in severe uncontrolled asthma', 'Triple inhaled therapy in moderate COPD', 'Inhaled antifibrotic in idiopathic pulmonary fibrosis'] },
  { prefix: 'INF', area: 'Infectious Disease', titles: ['Long-acting injectable HIV pre-exposure prophylaxis', 'RSV prefusion F vaccine in adults aged 60 and over', 'Novel beta-lactamase inhibitor in complicated urinary tract infection'] },
  { prefix: 'RARE', area: 'Rare Diseases', titles: ['Gene therapy in spinal muscular atrophy type 2', 'Enzyme replacement therapy in late-onset Pompe disease', 'Antisense oligonucleotide in hereditary transthyretin amyloidosis'] },
] as const;

export const SPONSORS = [
  { name: 'Meridian Pharmaceuticals', type: 'Pharmaceutical' },
  { name: 'Aurora Biotherapeutics', type: 'Biotechnology' },
  { name: 'Northbridge University Hospital', type: 'Academic' },
  { name: 'Helix Genomics', type: 'Biotechnology' },
  { name: 'Caledon Pharma', type: 'Pharmaceutical' },
] as const;
export const CROS = [
  { name: 'Clinova Research', type: 'CRO' },
  { name: 'TrialPath Global', type: 'CRO' },
  { name: 'Syntara Clinical', type: 'CRO' },
] as const;

export const PLACES = [
  { city: 'Boston', country: 'United States', street: 'Longwood Avenue' },
  { city: 'Houston', country: 'United States', street: 'Holcombe Boulevard' },
  { city: 'Toronto', country: 'Canada', street: 'University Avenue' },
  { city: 'London', country: 'United Kingdom', street: 'Euston Road' },
  { city: 'Paris', country: 'France', street: 'Boulevard de l’Hôpital' },
  { city: 'Lyon', country: 'France', street: 'Rue Lacassagne' },
  { city: 'Berlin', country: 'Germany', street: 'Charitéplatz' },
  { city: 'Munich', country: 'Germany', street: 'Marchioninistraße' },
  { city: 'Madrid', country: 'Spain', street: 'Calle del Doctor Esquerdo' },
  { city: 'Barcelona', country: 'Spain', street: 'Carrer de Villarroel' },
  { city: 'Tokyo', country: 'Japan', street: 'Shinanomachi' },
  { city: 'Osaka', country: 'Japan', street: 'Yamadaoka' },
  { city: 'Sydney', country: 'Australia', street: 'Missenden Road' },
  { city: 'Melbourne', country: 'Australia', street: 'Grattan Street' },
  { city: 'Amsterdam', country: 'Netherlands', street: 'Meibergdreef' },
  { city: 'Milan', country: 'Italy', street: 'Via Francesco Sforza' },
] as const;
export const INSTITUTION_KINDS = ['University Hospital', 'Medical Center', 'Clinical Research Unit', 'Cancer Institute', 'General Hospital'];

export const GIVEN_NAMES = ['Sarah', 'James', 'Maria', 'Hiroshi', 'Claire', 'Lukas', 'Amelia', 'Rafael', 'Yuki', 'Olivia', 'Thomas', 'Ines', 'David', 'Sofia', 'Daniel', 'Chloé'];
export const FAMILY_NAMES = ['Chen', 'Müller', 'García', 'Tanaka', 'Dubois', 'Smith', 'Rossi', 'Johnson', 'Nakamura', 'Martin', 'Schmidt', 'López', 'Walker', 'Bernard', 'Kowalski', 'Patel'];
export const ETHNICITIES = ['Not Hispanic or Latino', 'Hispanic or Latino', 'Not reported'];

export const VISITS = [
  { code: 'SEL', name: 'Selection Visit', dayOffset: -14, windowDays: 7 },
  { code: 'D0', name: 'Day 0', dayOffset: 0, windowDays: 0 },
  { code: 'D3', name: 'Day 3', dayOffset: 3, windowDays: 1 },
  { code: 'D7', name: 'Day 7', dayOffset: 7, windowDays: 2 },
  { code: 'TELE', name: 'Telemedicine', dayOffset: 14, windowDays: 3 },
  { code: 'D28', name: 'Day 28', dayOffset: 28, windowDays: 3 },
  { code: 'END', name: 'Study End', dayOffset: 90, windowDays: 7 },
] as const;

export const MILESTONES = [
  { name: 'Protocol Approval', at: 0.0, description: 'Ethics committee and regulatory approval of the final protocol.' },
  { name: 'First Site Activated', at: 0.08, description: 'Site initiation visit completed and site open for screening.' },
  { name: 'First Patient In', at: 0.15, description: 'First subject enrolled.' },
  { name: '50% Enrollment', at: 0.45, description: 'Half of the target enrollment reached.' },
  { name: 'Last Patient In', at: 0.7, description: 'Target enrollment reached; screening closed.' },
  { name: 'Database Lock', at: 0.9, description: 'All queries resolved and the clinical database locked.' },
  { name: 'Final Study Report', at: 1.0, description: 'Clinical study report submitted.' },
] as const;
