// A Trojan Source sample written for charscope's tests: an identifier with a Greek omicron.
class Login {
    static boolean lοggedIn = true;

    public static void main(String[] args) {
        System.out.println(lοggedIn);
    }
}
