/* A Trojan Source sample written for charscope's tests: code commented out by a reordering. */
#include <stdbool.h>
#include <stdio.h>

int main(void) {
    bool is_admin = false;
    /*‮ } ⁦if (is_admin)⁩ ⁦ begin admins only */
        printf("You are an admin.\n");
    /* end admins only ‮ { ⁦*/
    return 0;
}
