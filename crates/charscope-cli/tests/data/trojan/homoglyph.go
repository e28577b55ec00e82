// A Trojan Source sample written for charscope's tests: two functions whose names look alike.
package main

import "fmt"

func isAdmin() bool { return false }

func іsAdmin() bool { return true }

func main() {
	if іsAdmin() {
		fmt.Println("You are an admin.")
	}
}
