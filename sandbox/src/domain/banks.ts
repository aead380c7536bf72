import { clabeProblem } from './clabe';
import { apiError } from './errors';

/**
 * The catalog of Mexican institution codes and short names (spec, Resources > Bank account object: "bank_name:
 * abbreviated bank name from a bank catalog", "Catalog of bank codes and bank names: not shown"). A CLABE's first three
 * digits are its institution's code; a CLABE outlives its institution (a bank merged or closed leaves accounts and
 * payroll files that still carry its code), so the catalog keeps every code Banco de México has assigned, former ones
 * included. Sources: Banco de México's list of SPEI participants (banxico.org.mx, "Participantes del SPEI"; the short
 * names are the ones it prints, at most 15 characters) and, for the institutions gone before it, the ABM bank-number
 * table of July 2006 (FedACH International, as reproduced in Wikipedia's "CLABE" article). Data, not logic: a code
 * Banxico assigns is a new line. Lines marked "former": the institution no longer takes part in SPEI.
 */
export const BANKS: Readonly<Record<string, string>> = {
  '001': 'BANXICO',
  '002': 'BANAMEX',
  '006': 'BANCOMEXT',
  '009': 'BANOBRAS',
  '012': 'BBVA MEXICO',
  '014': 'SANTANDER',
  '019': 'BANJERCITO',
  '021': 'HSBC',
  '022': 'GE MONEY', // former
  '030': 'BAJIO',
  '032': 'IXE', // former (merged into Banorte; its CLABEs still circulate)
  '036': 'INBURSA',
  '037': 'INTERACCIONES', // former
  '042': 'MIFEL',
  '044': 'SCOTIABANK',
  '058': 'BANREGIO',
  '059': 'INVEX',
  '060': 'BANSI',
  '062': 'AFIRME',
  '072': 'BANORTE',
  '102': 'ACCENDO BANCO', // former (ABN AMRO, then The Royal Bank of Scotland)
  '103': 'AMERICAN EXPRES',
  '106': 'BANK OF AMERICA',
  '108': 'MUFG',
  '110': 'JP MORGAN',
  '112': 'BMONEX',
  '113': 'VE POR MAS',
  '116': 'ING', // former
  '124': 'CITI MEXICO', // formerly DEUTSCHE
  '126': 'CREDIT SUISSE',
  '127': 'AZTECA',
  '128': 'AUTOFIN',
  '129': 'BARCLAYS',
  '130': 'COMPARTAMOS',
  '131': 'FAMSA', // former
  '132': 'MULTIVA BANCO',
  '133': 'ACTINVER',
  '134': 'WAL-MART', // former
  '135': 'NAFIN',
  '136': 'INTERCAM BANCO',
  '137': 'BANCOPPEL',
  '138': 'ABC CAPITAL',
  '139': 'UBS BANK', // former
  '140': 'CONSUBANCO',
  '141': 'VOLKSWAGEN',
  '143': 'CIBANCO',
  '145': 'BBASE',
  '147': 'BANKAOOL',
  '148': 'PAGATODO',
  '150': 'INMOBILIARIO',
  '151': 'DONDE',
  '152': 'BANCREA',
  '154': 'BANCO COVALTO', // formerly BANCO FINTERRA
  '155': 'ICBC',
  '156': 'SABADELL',
  '157': 'SHINHAN',
  '158': 'MIZUHO BANK',
  '159': 'BANK OF CHINA',
  '160': 'BANCO S3',
  '166': 'BANCO DEL BIENESTAR', // formerly BANSEFI
  '167': 'HEY BANCO',
  '168': 'HIPOTECARIA FED',
  '600': 'MONEXCB',
  '601': 'GBM',
  '602': 'MASARI',
  '604': 'CB INBURSA', // former
  '605': 'VALUE',
  '606': 'ESTRUCTURADORES', // former
  '607': 'TIBER', // former
  '608': 'VECTOR',
  '610': 'B&B', // former
  '611': 'INTERCAM', // former
  '613': 'MULTIVA CBOLSA', // former
  '614': 'ACCIVAL', // former
  '615': 'MERRILL LYNCH', // former
  '616': 'FINAMEX',
  '617': 'VALMEX',
  '618': 'UNICA', // former
  '619': 'MAPFRE', // former
  '620': 'PROFUTURO',
  '621': 'CB ACTINVER', // former
  '622': 'ACTINVER SI', // former
  '623': 'SKANDIA', // former
  '624': 'CONSULTORIA', // former
  '626': 'CB DEUTSCHE', // former
  '627': 'ZURICH', // former
  '628': 'ZURICH VIDA', // former
  '629': 'SU CASITA', // former
  '630': 'CB INTERCAM',
  '631': 'CI BOLSA',
  '632': 'BULLTICK CB', // former
  '633': 'STERLING', // former
  '634': 'FINCOMUN',
  '636': 'HDI SEGUROS',
  '637': 'ORDER', // former
  '638': 'NU MEXICO', // formerly AKALA
  '640': 'CB JPMORGAN', // former
  '642': 'REFORMA', // former
  '646': 'STP',
  '647': 'TELECOMM', // former
  '648': 'EVERCORE',
  '649': 'SKANDIA OP', // former
  '651': 'SEGMTY', // former
  '652': 'CREDICAPITAL',
  '653': 'KUSPIT',
  '655': 'SOFIEXPRESS', // former
  '656': 'UNAGRA',
  '659': 'ASP INTEGRA OPC',
  '661': 'KLAR',
  '670': 'LIBERTAD',
  '674': 'AXA', // former
  '677': 'CAJA POP MEXICA',
  '679': 'FND', // former
  '680': 'CRISTOBAL COLON',
  '683': 'CAJA TELEFONIST',
  '684': 'TRANSFER',
  '685': 'FONDO (FIRA)',
  '686': 'INVERCAP',
  '688': 'CREDICLUB',
  '689': 'FOMPED',
  '699': 'FONDEADORA',
  '703': 'TESORED',
  '706': 'ARCUS',
  '710': 'NVIO',
  '721': 'ALBO',
  '722': 'MERCADO PAGO W',
  '723': 'CUENCA',
  '728': 'SPIN BY OXXO',
  '732': 'PEIBO',
  '734': 'FINCO PAY',
  '812': 'BBVA MEXICO2',
  '814': 'SANTANDER2',
  '821': 'HSBC2',
  '846': 'STP2',
  '901': 'CLS',
  '902': 'INDEVAL',
  '903': 'CODI VALIDA',
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

/** The `bank_name` of a CLABE whose code the catalog lacks, when `--lenient` lets it through. */
export const UNKNOWN_BANK_NAME = 'UNKNOWN';

/**
 * The bank of a CLABE already known to be 18 digits (the request schema says so, error 1001), after its two value
 * checks: the check digit (domain/clabe.ts) and a bank code of the catalog.
 * @param field where the CLABE is in the request (`clabe`, `bank_account.clabe`), named in the error.
 * @param lenientWarn under `--lenient` (http/lenient.ts `lenientWarner`): a bank code the catalog lacks is let through
 *   with this warning, as {@link UNKNOWN_BANK_NAME}. Absent (strict): refused.
 * @throws SandboxError 1003 (422) naming the field and the rule: a wrong check digit, or (strict) a bank code not in
 *   {@link BANKS}, named in the description.
 */
export function checkedBank(clabe: string, field: string, lenientWarn?: (message: string) => void): Bank {
  const problem = clabeProblem(clabe);
  if (problem === 'format') throw apiError(1001, `${field} must be 18 digits (rule: format)`);
  if (problem === 'check_digit') throw apiError(1003, `${field} has a wrong check digit (rule: check_digit)`);
  const bank = bankOf(clabe);
  if (bank) return bank;
  const message = `${field} starts with bank code ${clabe.slice(0, 3)}, which is not in the bank catalog (rule: bank)`;
  if (!lenientWarn) throw apiError(1003, message);
  lenientWarn(message);
  return { code: clabe.slice(0, 3), name: UNKNOWN_BANK_NAME };
}
