import { clabeProblem } from './clabe';
import { apiError } from './errors';

/**
 * The catalog of Mexican bank codes and names (spec, Resources > Bank account object: "bank_name: abbreviated bank
 * name from a bank catalog", "Catalog of bank codes and bank names: not shown"). A CLABE's first three digits are
 * its bank's code. Source: Banco de México's list of SPEI participants (the three-digit institution codes that open
 * a CLABE, with the short names Banxico prints for them), as of 2024; development banks, commercial banks, brokerage
 * houses and the payment institutions that hold CLABEs. Data, not logic: a bank that joins SPEI is a new line.
 */
export const BANKS: Readonly<Record<string, string>> = {
  '002': 'BANAMEX',
  '006': 'BANCOMEXT',
  '009': 'BANOBRAS',
  '012': 'BBVA MEXICO',
  '014': 'SANTANDER',
  '019': 'BANJERCITO',
  '021': 'HSBC',
  '030': 'BAJIO',
  '036': 'INBURSA',
  '042': 'MIFEL',
  '044': 'SCOTIABANK',
  '058': 'BANREGIO',
  '059': 'INVEX',
  '060': 'BANSI',
  '062': 'AFIRME',
  '072': 'BANORTE',
  '106': 'BANK OF AMERICA',
  '108': 'MUFG',
  '110': 'JP MORGAN',
  '112': 'BMONEX',
  '113': 'VE POR MAS',
  '127': 'AZTECA',
  '128': 'AUTOFIN',
  '129': 'BARCLAYS',
  '130': 'COMPARTAMOS',
  '132': 'MULTIVA BANCO',
  '133': 'ACTINVER',
  '135': 'NAFIN',
  '136': 'INTERCAM BANCO',
  '137': 'BANCOPPEL',
  '138': 'ABC CAPITAL',
  '140': 'CONSUBANCO',
  '141': 'VOLKSWAGEN',
  '143': 'CIBANCO',
  '145': 'BBASE',
  '147': 'BANKAOOL',
  '148': 'PAGATODO',
  '150': 'INMOBILIARIO',
  '151': 'DONDE',
  '152': 'BANCREA',
  '154': 'BANCO COVALTO',
  '155': 'ICBC',
  '156': 'SABADELL',
  '157': 'SHINHAN',
  '158': 'MIZUHO BANK',
  '159': 'BANK OF CHINA',
  '160': 'BANCO S3',
  '166': 'BANCO DEL BIENESTAR',
  '168': 'HIPOTECARIA FED',
  '600': 'MONEXCB',
  '601': 'GBM',
  '602': 'MASARI',
  '605': 'VALUE',
  '608': 'VECTOR',
  '616': 'FINAMEX',
  '617': 'VALMEX',
  '620': 'PROFUTURO',
  '630': 'CB INTERCAM',
  '631': 'CI BOLSA',
  '634': 'FINCOMUN',
  '638': 'NU MEXICO',
  '646': 'STP',
  '652': 'CREDICAPITAL',
  '653': 'KUSPIT',
  '656': 'UNAGRA',
  '659': 'ASP INTEGRA OPC',
  '670': 'LIBERTAD',
  '677': 'CAJA POP MEXICA',
  '680': 'CRISTOBAL COLON',
  '683': 'CAJA TELEFONIST',
  '684': 'TRANSFER',
  '685': 'FONDO (FIRA)',
  '686': 'INVERCAP',
  '689': 'FOMPED',
  '706': 'ARCUS',
  '710': 'NVIO',
  '722': 'MERCADO PAGO W',
  '723': 'CUENCA',
  '728': 'SPIN BY OXXO',
  '901': 'CLS',
  '902': 'INDEVAL',
};

/** A bank of the catalog: its three-digit code and its short name (the Bank account object's `bank_code`, `bank_name`). */
export interface Bank {
  code: string;
  name: string;
}

/** The bank of a CLABE's first three digits, or undefined when the catalog has no such code. */
export function bankOf(clabe: string): Bank | undefined {
  const code = clabe.slice(0, 3);
  const name = BANKS[code];
  return name === undefined ? undefined : { code, name };
}

/**
 * The bank of a CLABE already known to be 18 digits (the request schema says so, error 1001), after its two value
 * checks: the check digit (domain/clabe.ts) and a bank code of the catalog.
 * @param field where the CLABE is in the request (`clabe`, `bank_account.clabe`), named in the error.
 * @throws SandboxError 1003 (422) naming the field and the rule: a wrong check digit, or a bank code not in {@link BANKS}.
 */
export function checkedBank(clabe: string, field: string): Bank {
  const problem = clabeProblem(clabe);
  if (problem === 'format') throw apiError(1001, `${field} must be 18 digits (rule: format)`);
  if (problem === 'check_digit') throw apiError(1003, `${field} has a wrong check digit (rule: check_digit)`);
  const bank = bankOf(clabe);
  if (!bank) throw apiError(1003, `${field} starts with bank code ${clabe.slice(0, 3)}, which is not in the bank catalog (rule: bank)`);
  return bank;
}
