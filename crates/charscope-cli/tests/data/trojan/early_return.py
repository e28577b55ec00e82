#!/usr/bin/env python3
# A Trojan Source sample written for charscope's tests: an early return hidden in a docstring.
bank = {'alice': 100}

def subtract_funds(account: str, amount: int):
    ''' Subtract funds from bank account then ⁧''' ;return
    bank[account] -= amount
    return

subtract_funds('alice', 50)
