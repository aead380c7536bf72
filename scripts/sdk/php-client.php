<?php
/**
 * Drives the processor's public PHP SDK (open-pay/openpay-php, which ships no test suite) through every operation
 * its README documents, against a running sandbox. Started by scripts/sdk/php-sdk.ts, which points a copy of the
 * SDK at the sandbox: argv[1] the SDK copy's directory, argv[2] the merchant id, argv[3] the private key, argv[4]
 * the sandbox's base URL (read directly by {@see fresh}: the SDK's `get` answers from its own cache).
 * Prints one line per check (`PASS name` or `FAIL name: reason`), then `passed N failed M`; exit 0 either way.
 * The data is the sandbox's own test data (spec test cards, CLABEs built here), never the SDK's.
 */

// The SDK's composer.json maps `Openpay\\` to `Openpay/` (PSR-4): the autoloader composer would write, for the copy.
spl_autoload_register(function (string $class) use ($argv) {
    $file = $argv[1] . '/' . str_replace('\\', '/', $class) . '.php';
    if (str_starts_with($class, 'Openpay\\') && is_file($file)) require $file;
});

use Openpay\Data\Openpay;

$openpay = Openpay::getInstance($argv[2], $argv[3], 'MX', '127.0.0.1');
$year = (string) ((int) date('y') + 3);
$results = ['passed' => 0, 'failed' => 0];

/** Runs one check: `$body` returns true or a reason (string) it failed; an exception fails it with its message. */
function check(string $name, callable $body): void
{
    global $results;
    try {
        $outcome = $body();
    } catch (Throwable $e) {
        $code = method_exists($e, 'getErrorCode') ? ' (' . $e->getErrorCode() . ')' : '';
        $outcome = get_class($e) . $code . ': ' . $e->getMessage();
    }
    if ($outcome === true) {
        $results['passed']++;
        echo "PASS $name\n";
    } else {
        $results['failed']++;
        echo "FAIL $name: " . (is_string($outcome) ? $outcome : 'false') . "\n";
    }
}

/** The resource at `$path` (under /v1/{merchant_id}) as the sandbox answers it now, decoded. */
function fresh(string $path): array
{
    global $argv;
    $curl = curl_init("{$argv[4]}/v1/{$argv[2]}$path");
    curl_setopt_array($curl, [CURLOPT_RETURNTRANSFER => true, CURLOPT_USERPWD => "{$argv[3]}:", CURLOPT_TIMEOUT => 10]);
    $body = curl_exec($curl);
    curl_close($curl);
    return json_decode($body, true);
}

/** `$what` equal to `$expected`, else a reason naming both. */
function same($what, $expected, string $label)
{
    return $what == $expected ? true : "$label is " . var_export($what, true) . ', expected ' . var_export($expected, true);
}

/** An 18-digit CLABE of bank `$bank` (3 digits) with its check digit (weights 3, 7, 1 over the first 17 digits). */
function clabe(string $bank, string $account): string
{
    $digits = $bank . '180' . str_pad($account, 11, '0', STR_PAD_LEFT);
    $sum = 0;
    foreach (str_split($digits) as $i => $d) {
        $sum += ((int) $d * [3, 7, 1][$i % 3]) % 10;
    }
    return $digits . ((10 - $sum % 10) % 10);
}

function card(string $number, string $year): array
{
    return ['holder_name' => 'Ana Ruiz', 'card_number' => $number, 'cvv2' => '123', 'expiration_month' => '12', 'expiration_year' => $year];
}

$list = ['offset' => 0, 'limit' => 5];
$ids = [];

check('customers: add', function () use ($openpay, &$ids) {
    $c = $openpay->customers->add(['name' => 'Ana', 'last_name' => 'Ruiz', 'email' => 'ana@example.com', 'phone_number' => '5512345678']);
    $ids['customer'] = $c->id;
    $ids['customer2'] = $openpay->customers->add(['name' => 'Eva', 'email' => 'eva@example.com'])->id;
    return is_string($c->id) && strlen($c->clabe) === 18 ? true : 'no id or clabe';
});
check('customers: get', fn() => same($openpay->customers->get($ids['customer'])->name, 'Ana', 'name'));
check('customers: getList', fn() => count($openpay->customers->getList($list)) >= 2 ? true : 'fewer than 2');
check('customers: save', function () use ($openpay, $ids) {
    $c = $openpay->customers->get($ids['customer']);
    $c->last_name = 'Solis';
    $c->save();
    return same(fresh("/customers/{$ids['customer']}")['last_name'], 'Solis', 'last_name');
});

check('merchant cards: add, get, getList, delete', function () use ($openpay, $year, $list) {
    $card = $openpay->cards->add(card('4111111111111111', $year));
    $again = $openpay->cards->get($card->id);
    if (substr($again->card_number, -4) !== '1111') return 'card_number ' . $again->card_number;
    if (count($openpay->cards->getList($list)) < 1) return 'empty list';
    $again->delete();
    return true;
});
check('customer cards: add, get, getList, delete', function () use ($openpay, $year, $list, &$ids) {
    $customer = $openpay->customers->get($ids['customer']);
    $card = $customer->cards->add(card('4111111111111111', $year));
    $ids['card'] = $card->id;
    $spare = $customer->cards->add(card('5555555555554444', $year));
    if ($customer->cards->get($spare->id)->brand !== 'mastercard') return 'brand';
    if (count($customer->cards->getList($list)) !== 2) return 'not 2 cards';
    $customer->cards->get($spare->id)->delete();
    return same(count($customer->cards->getList($list)), 1, 'cards after delete');
});

check('bank accounts: add, get, getList, delete', function () use ($openpay, $list, &$ids) {
    $customer = $openpay->customers->get($ids['customer']);
    $account = $customer->bankaccounts->add(['clabe' => clabe('012', '1234567'), 'alias' => 'Nomina', 'holder_name' => 'Ana Ruiz']);
    $ids['bank'] = $account->id;
    $spare = $customer->bankaccounts->add(['clabe' => clabe('002', '7654321'), 'holder_name' => 'Ana Ruiz']);
    if ($customer->bankaccounts->get($spare->id)->alias !== null) return 'alias not null';
    if (count($customer->bankaccounts->getList($list)) !== 2) return 'not 2 accounts';
    $customer->bankaccounts->get($spare->id)->delete();
    return same(count($customer->bankaccounts->getList($list)), 1, 'accounts after delete');
});

check('merchant charges: create (source_id), get, getList', function () use ($openpay, $year, $list, &$ids) {
    $card = $openpay->cards->add(card('4111111111111111', $year));
    $charge = $openpay->charges->create(['method' => 'card', 'source_id' => $card->id, 'amount' => 100, 'description' => 'Cargo', 'order_id' => 'php-' . uniqid()]);
    $ids['merchantCharge'] = $charge->id;
    if ($charge->status !== 'completed') return 'status ' . $charge->status;
    if ($openpay->charges->get($charge->id)->amount != 100) return 'amount';
    return count($openpay->charges->getList($list)) >= 1 ? true : 'empty list';
});
check('merchant charges: refund', function () use ($openpay, $ids) {
    $charge = $openpay->charges->get($ids['merchantCharge']);
    $charge->refund(['description' => 'Devolucion']);
    $again = fresh("/charges/{$ids['merchantCharge']}");
    return isset($again['refund']) ? true : 'no refund on the charge';
});
check('merchant charges: capture', function () use ($openpay, $year) {
    $card = $openpay->cards->add(card('4111111111111111', $year));
    $charge = $openpay->charges->create(['method' => 'card', 'source_id' => $card->id, 'amount' => 150, 'description' => 'Reserva', 'capture' => false]);
    if ($charge->status !== 'in_progress') return 'status before capture ' . $charge->status;
    $charge->capture(['amount' => 120.5]);
    return same(fresh("/charges/{$charge->id}")['status'], 'completed', 'status after capture');
});
check('customer charges: create, get, getList, capture, refund', function () use ($openpay, $list, $ids) {
    $customer = $openpay->customers->get($ids['customer']);
    $charge = $customer->charges->create(['method' => 'card', 'source_id' => $ids['card'], 'amount' => 500, 'description' => 'Cargo']);
    if ($customer->charges->get($charge->id)->status !== 'completed') return 'status';
    $held = $customer->charges->create(['method' => 'card', 'source_id' => $ids['card'], 'amount' => 80, 'description' => 'Reserva', 'capture' => false]);
    $customer->charges->get($held->id)->capture(['amount' => 80]);
    if (fresh("/customers/{$ids['customer']}/charges/{$held->id}")['status'] !== 'completed') return 'not captured';
    $refunded = $customer->charges->create(['method' => 'card', 'source_id' => $ids['card'], 'amount' => 30, 'description' => 'Devuelto']);
    $customer->charges->get($refunded->id)->refund(['description' => 'Reembolso']);
    if (!isset(fresh("/customers/{$ids['customer']}/charges/{$refunded->id}")['refund'])) return 'no refund on the charge';
    return same(count($customer->charges->getList($list)), 3, 'charges listed');
});
check('store charge (customer)', function () use ($openpay, $ids) {
    $customer = $openpay->customers->get($ids['customer2']);
    $charge = $customer->charges->create(['method' => 'store', 'amount' => 100, 'description' => 'Tienda']);
    return $charge->status === 'in_progress' && $charge->payment_method->reference ? true : 'status ' . $charge->status;
});
check('bank charge (customer)', function () use ($openpay, $ids) {
    $customer = $openpay->customers->get($ids['customer2']);
    $charge = $customer->charges->create(['method' => 'bank_account', 'amount' => 100, 'description' => 'SPEI']);
    return $charge->status === 'in_progress' && strlen($charge->payment_method->clabe) === 18 ? true : 'status ' . $charge->status;
});

check('transfers: create, get, getList', function () use ($openpay, $list, $ids) {
    $customer = $openpay->customers->get($ids['customer']);
    $transfer = $customer->transfers->create(['customer_id' => $ids['customer2'], 'amount' => 12.5, 'description' => 'Comision', 'order_id' => 'php-' . uniqid()]);
    if ($customer->transfers->get($transfer->id)->amount != 12.5) return 'amount';
    return count($customer->transfers->getList($list)) >= 1 ? true : 'empty list';
});
check('customer payouts: create (bank account), get, getList', function () use ($openpay, $list, $ids) {
    $customer = $openpay->customers->get($ids['customer']);
    $payout = $customer->payouts->create(['method' => 'bank_account', 'destination_id' => $ids['bank'], 'amount' => 50, 'description' => 'Retiro']);
    if ($customer->payouts->get($payout->id)->amount != 50) return 'amount';
    return count($customer->payouts->getList($list)) >= 1 ? true : 'empty list';
});
check('merchant payouts: create (inline bank account), get, getList', function () use ($openpay, $list) {
    $payout = $openpay->payouts->create(['method' => 'bank_account', 'amount' => 20, 'description' => 'Retiro semanal',
        'bank_account' => ['clabe' => clabe('012', '1112223'), 'holder_name' => 'Comercio']]);
    if ($openpay->payouts->get($payout->id)->amount != 20) return 'amount';
    return count($openpay->payouts->getList($list)) >= 1 ? true : 'empty list';
});
check('fees: create, getList', function () use ($openpay, $list, $ids) {
    $fee = $openpay->fees->create(['customer_id' => $ids['customer'], 'amount' => 12.5, 'description' => 'Comision', 'order_id' => 'php-' . uniqid()]);
    if ($fee->amount != 12.5) return 'amount';
    return count($openpay->fees->getList($list)) >= 1 ? true : 'empty list';
});

check('plans: add (digit strings, as the README), get, getList, save', function () use ($openpay, $list, &$ids) {
    $plan = $openpay->plans->add(['amount' => 150.00, 'status_after_retry' => 'cancelled', 'retry_times' => 2, 'name' => 'Plan Verano',
        'repeat_unit' => 'month', 'trial_days' => '30', 'repeat_every' => '1', 'currency' => 'MXN']);
    $ids['plan'] = $plan->id;
    if ($openpay->plans->get($plan->id)->trial_days != 30) return 'trial_days';
    if (count($openpay->plans->getList($list)) < 1) return 'empty list';
    $again = $openpay->plans->get($plan->id);
    $again->name = 'Plan Verano 2';
    $again->save();
    return same(fresh("/plans/{$plan->id}")['name'], 'Plan Verano 2', 'name');
});
check('subscriptions: add (card_id, as the README), get, getList, save, delete', function () use ($openpay, $list, $ids) {
    $customer = $openpay->customers->get($ids['customer']);
    $subscription = $customer->subscriptions->add(['plan_id' => $ids['plan'], 'card_id' => $ids['card']]);
    if ($customer->subscriptions->get($subscription->id)->status !== 'trial') return 'status';
    if (count($customer->subscriptions->getList($list)) !== 1) return 'not 1 subscription';
    $again = $customer->subscriptions->get($subscription->id);
    $again->trial_end_date = date('Y-m-d', time() + 5 * 86400);
    $again->save();
    $path = "/customers/{$ids['customer']}/subscriptions/{$subscription->id}";
    if (fresh($path)['trial_end_date'] !== $again->trial_end_date) return 'trial_end_date unchanged';
    $customer->subscriptions->get($subscription->id)->delete();
    return same(fresh($path)['status'], 'cancelled', 'status after delete');
});
check('plans: subscriptions getList, delete', function () use ($openpay, $list, $ids) {
    $plan = $openpay->plans->get($ids['plan']);
    $plan->subscriptions->getList($list);
    $plan->delete();
    return true;
});
check('customers: delete (one without balance)', function () use ($openpay) {
    $c = $openpay->customers->add(['name' => 'Leo', 'email' => 'leo@example.com']);
    $openpay->customers->get($c->id)->delete();
    return true;
});
check('errors: an unknown customer is an OpenpayApiRequestError 1005, 404', function () use ($openpay) {
    try {
        $openpay->customers->get('a0000000000000000000');
    } catch (\Openpay\Data\OpenpayApiRequestError $e) {
        return same([$e->getErrorCode(), $e->getHttpCode()], [1005, 404], 'error');
    }
    return 'no error';
});
check('errors: a declined card is an OpenpayApiTransactionError 3001', function () use ($openpay, $year) {
    try {
        $openpay->charges->create(['method' => 'card', 'amount' => 10, 'description' => 'x', 'card' => card('4000000000030017', $year)]);
    } catch (\Openpay\Data\OpenpayApiTransactionError $e) {
        return same($e->getErrorCode(), 3001, 'error_code');
    }
    return 'no error';
});

echo "passed {$results['passed']} failed {$results['failed']}\n";
