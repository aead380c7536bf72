/**
 * The code lists of the CFDI generation request (spec, Resources > Electronic invoice (CFDI) objects, "Code
 * lists"), and the ISO lists its `moneda` and `pais` come from. Every list is the spec's exactly, unless it says
 * where it comes from.
 */

/** `tipo_comprobante`: I ingreso (income), E egreso (credit note), T traslado, N nómina (payroll), P pago. */
export const TIPOS_COMPROBANTE = ['I', 'E', 'T', 'N', 'P'] as const;

/** `forma_pago` (and the payments complement's `forma_de_pago`): the SAT's payment-form codes the spec lists. */
export const FORMAS_PAGO = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '08',
  '12',
  '13',
  '14',
  '15',
  '17',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
  '30',
  '99',
] as const;

/** `metodo_pago`: PUE (paid in one payment) or PPD (in instalments or deferred). */
export const METODOS_PAGO = ['PUE', 'PPD'] as const;

/** `impuesto` of a Tax: 001 ISR (income tax), 002 IVA (VAT), 003 IEPS (excise). */
export const IMPUESTOS = ['001', '002', '003'] as const;

/** `tipo_factor` of a Tax, as the spec spells them (`Excento` is written `Exento` in the XML, as the SAT spells it). */
export const TIPOS_FACTOR = ['Tasa', 'Cuota', 'Excento'] as const;

/** `uso_cfdi` of the Receiver: G01-G03, I01-I08, D01-D10, P01. */
export const USOS_CFDI = [
  ...['G01', 'G02', 'G03'],
  ...Array.from({ length: 8 }, (_, i) => `I0${i + 1}`),
  ...Array.from({ length: 10 }, (_, i) => `D${String(i + 1).padStart(2, '0')}`),
  'P01',
] as readonly string[];

/** `tipo_relacion` of related CFDIs: 01-07. */
export const TIPOS_RELACION = ['01', '02', '03', '04', '05', '06', '07'] as const;

/** Cancellation reasons (the SAT's `motivo`): 01 issued with errors and replaced, 02 with errors, 03 not carried out, 04 global invoice. */
export const MOTIVOS_CANCELACION = ['01', '02', '03', '04'] as const;

/** The generic domestic tax id (sales to the public, no RFC given). */
export const RFC_GENERIC_NATIONAL = 'XAXX010101000';
/** The generic foreign tax id (a receiver resident abroad). */
export const RFC_GENERIC_FOREIGN = 'XEXX010101000';

/**
 * An RFC (the Mexican tax id): 3 letters (a company) or 4 (a person), the date `yymmdd`, and a three-character
 * homoclave. The check digit is not verified (the sandbox's test RFCs would fail it).
 */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[A-Z\d]{2}[A\d]$/;

/**
 * ISO 4217 currency codes (`moneda`, `moneda_p`, `moneda_d_r`): the active codes, the fund and precious-metal
 * codes, and `XXX` (no currency, which the SAT's payment CFDIs use), plus the recently withdrawn ANG, CUC, HRK,
 * SLL and ZWL that issuers' catalogues still carry.
 */
export const ISO_4217 = new Set(
  `AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE
  CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD
  HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD
  MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG
  QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD
  TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU
  XTS XUA XXX YER ZAR ZMW ZWG ZWL`.split(/\s+/),
);

/** ISO 3166-1 alpha-3 country codes (`pais` of the Receiver): all 249 officially assigned. */
export const ISO_3166_ALPHA3 = new Set(
  `AFG ALA ALB DZA ASM AND AGO AIA ATA ATG ARG ARM ABW AUS AUT AZE BHS BHR BGD BRB BLR BEL BLZ BEN BMU BTN BOL BES BIH
  BWA BVT BRA IOT BRN BGR BFA BDI CPV KHM CMR CAN CYM CAF TCD CHL CHN CXR CCK COL COM COG COD COK CRI CIV HRV CUB CUW
  CYP CZE DNK DJI DMA DOM ECU EGY SLV GNQ ERI EST SWZ ETH FLK FRO FJI FIN FRA GUF PYF ATF GAB GMB GEO DEU GHA GIB GRC
  GRL GRD GLP GUM GTM GGY GIN GNB GUY HTI HMD VAT HND HKG HUN ISL IND IDN IRN IRQ IRL IMN ISR ITA JAM JPN JEY JOR KAZ
  KEN KIR PRK KOR KWT KGZ LAO LVA LBN LSO LBR LBY LIE LTU LUX MAC MDG MWI MYS MDV MLI MLT MHL MTQ MRT MUS MYT MEX FSM
  MDA MCO MNG MNE MSR MAR MOZ MMR NAM NRU NPL NLD NCL NZL NIC NER NGA NIU NFK MKD MNP NOR OMN PAK PLW PSE PAN PNG PRY
  PER PHL PCN POL PRT PRI QAT REU ROU RUS RWA BLM SHN KNA LCA MAF SPM VCT WSM SMR STP SAU SEN SRB SYC SLE SGP SXM SVK
  SVN SLB SOM ZAF SGS SSD ESP LKA SDN SUR SJM SWE CHE SYR TWN TJK TZA THA TLS TGO TKL TON TTO TUN TUR TKM TCA TUV UGA
  UKR ARE GBR USA UMI URY UZB VUT VEN VNM VGB VIR WLF ESH YEM ZMB ZWE`.split(/\s+/),
);

/**
 * A unit key (`clave_unidad`) as the SAT's unit catalogue writes them (`H87` piece, `E48` service unit, `KGM`
 * kilogram, `ACT` activity): 1-3 upper-case letters or digits. The spec does not show the catalogue, so the
 * sandbox checks the form only.
 */
export const CLAVE_UNIDAD_PATTERN = /^[A-Z\d]{1,3}$/;
